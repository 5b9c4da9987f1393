#include "arguments.hpp"

#include <cmath>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "commands.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/registry/field_text.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower::cli {

std::string flag_for(const std::string& field) {
  if (field == "bootstrap_resamples") return "--bootstrap";
  if (field == "scores") return "";
  std::string flag = "--" + field;
  for (char& c : flag)
    if (c == '_') c = '-';
  return flag;
}

std::string phrase(const pairpower::Error& e) {
  switch (e.kind) {
    case ErrorKind::unmatched_ids: {
      // The registry's policies other than the default (which stopped here).
      std::string remedy;
      for (const auto& p : missing_policies().subspan(1)) remedy += fmt::format("{}--missing {} to {}", remedy.empty() ? "" : ", or ", p.id, p.label);
      return e.detail + " Choose " + remedy + ".";
    }
    case ErrorKind::ambiguous_format: {
      std::string formats;
      for (const auto& f : input_formats())
        if (f.format != InputFormat::auto_detect) formats += (formats.empty() ? "" : ", ") + std::string(f.id);
      return e.detail + "; name the format with --input-format (one of " + formats + ")";
    }
    case ErrorKind::malformed_input:
    case ErrorKind::not_enough_data:
      return e.detail;
    default: {
      const std::string flag = flag_for(e.field);
      return flag.empty() ? e.detail : flag + ": " + e.detail;
    }
  }
}

// The core's number grammar (field_text.hpp), its errors worded with the flag.
double parse_real(std::string_view flag, std::string_view text) {
  try {
    return read_real("", text);
  } catch (const pairpower::Error& e) {
    throw UsageError(fmt::format("{}: {}", flag, e.detail));
  }
}

std::uint64_t parse_count(std::string_view flag, std::string_view text, std::uint64_t min) {
  try {
    return read_count("", text, min);
  } catch (const pairpower::Error& e) {
    throw UsageError(fmt::format("{}: {}", flag, e.detail));
  }
}

void add_input_choices(CLI::App& app, Flag& missing, Flag& input_format, Flag& direction, const std::string& missing_help) {
  missing.option = app.add_option("--missing", missing.value, missing_help + ": " + choices(missing_policies()));
  missing.option->check(CLI::IsMember(ids(missing_policies())));
  const auto formats = ids(input_formats(), [](const FormatInfo& x) { return x.id; });
  input_format.option = app.add_option("--input-format", input_format.value, fmt::format("{} [auto]", fmt::join(formats, ", ")));
  input_format.option->check(CLI::IsMember(formats));
  direction.option = app.add_option("--direction", direction.value, "which scores are better: " + choices(directions()));
  direction.option->check(CLI::IsMember(ids(directions())));
}

void add_question_flags(CLI::App& app, Flag& equivalence, Flag& non_inferiority) {
  for (const auto& q : questions()) {
    if (q.kind == Question::difference) continue;
    Flag& f = q.kind == Question::equivalence ? equivalence : non_inferiority;
    f.option = app.add_option(flag_for(q.id), f.value, fmt::format("M: {} — {}", q.label, q.help));
  }
}

PlanQuestion read_question(const Flag& equivalence, const Flag& non_inferiority, const Flag& alternative) {
  const std::string eq_flag = flag_for(std::string(to_string(Question::equivalence)));
  const std::string ni_flag = flag_for(std::string(to_string(Question::non_inferiority)));
  if (equivalence.given() && non_inferiority.given()) throw UsageError(fmt::format("{}: ask either {} or {}, not both", ni_flag, eq_flag, ni_flag));
  if (!equivalence.given() && !non_inferiority.given()) return {};
  const bool eq = equivalence.given();
  const std::string flag = eq ? eq_flag : ni_flag;
  if (alternative.given() && alternative.value != "two-sided")
    throw UsageError(fmt::format("--alternative: {} fixes its own one-sided tests; leave --alternative out", flag));
  PlanQuestion q{eq ? Question::equivalence : Question::non_inferiority, parse_real(flag, eq ? equivalence.value : non_inferiority.value)};
  try {
    validate(q);
  } catch (const pairpower::Error& e) {
    throw UsageError(fmt::format("{}: {}", flag, e.detail));
  }
  return q;
}

std::vector<std::string> ids(std::span<const Choice> list) { return ids(list, [](const Choice& c) { return c.id; }); }

std::string choices(std::span<const Choice> list) {
  std::string out;
  for (const auto& c : list) out += (out.empty() ? "" : "; ") + std::string(c.id) + ": " + c.label;
  return out + " [" + list[0].id + "]";
}

}  // namespace pairpower::cli
