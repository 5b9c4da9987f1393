#pragma once
// Strict parsing of command-line values: every error names its flag.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <span>
#include <vector>

#include "pairpower/registry/registry.hpp"

namespace pairpower::cli {

/// Bad command-line input: printed as one line on stderr, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A file that does not fit an option the user gave (a --cluster field its records lack): found in a
/// folder it is left out as any unreadable file, but a folder none of whose files reads is then the
/// option's fault, refused naming `flag` (read_inputs).
struct OptionError : UsageError {
  OptionError(const std::string& message, std::string option) : UsageError(message), flag(std::move(option)) {}
  std::string flag;
};

/// A file that cannot be opened or decompressed: its message names the flag, as every usage error does;
/// `fault` ("runs/a.txt.gz: not whole gzip data (cut short)") is what a folder's warning says when it is left out.
struct FileError : UsageError {
  FileError(const std::string& message, std::string file_fault) : UsageError(message), fault(std::move(file_fault)) {}
  std::string fault;
};

/// A finite decimal number ("0.01", "-1e-3"); rejects "nan", "inf", "1x", "" (the core's grammar, field_text.hpp).
double parse_real(std::string_view flag, std::string_view text);

/// A whole number ≥ min written with digits only ("200"; not "2e2", "-5", "1.5").
std::uint64_t parse_count(std::string_view flag, std::string_view text, std::uint64_t min);

/// A registry list's ids, for CLI11's IsMember.
template <class List, class Id>
std::vector<std::string> ids(const List& list, Id id) {
  std::vector<std::string> out;
  for (const auto& c : list) out.emplace_back(id(c));
  return out;
}
std::vector<std::string> ids(std::span<const Choice> list);
/// A choice's help text: "error: stop and list them; … [error]" (the default first).
std::string choices(std::span<const Choice> list);

}  // namespace pairpower::cli

namespace CLI { class App; }
namespace pairpower::cli {
struct Flag;
/// --missing, --input-format and --direction, with the registry's choices checked by CLI11.
void add_input_choices(CLI::App& app, Flag& missing, Flag& input_format, Flag& direction, const std::string& missing_help);
/// --equivalence M and --non-inferiority M (the registry's questions), for the planning commands.
void add_question_flags(CLI::App& app, Flag& equivalence, Flag& non_inferiority);
/// The question they ask (the difference when neither is given); both, or with a one-sided
/// --alternative, is a usage error.
PlanQuestion read_question(const Flag& equivalence, const Flag& non_inferiority, const Flag& alternative);
}  // namespace pairpower::cli
