// libFuzzer target for the score-file parsers. PAIRPOWER_FUZZ_FORMAT picks the
// parser (compiled once per format); bad input may throw pairpower::Error (the
// typed error: malformed data, or a structure that fits two formats), nothing else
// may happen: no crash, no hang, no other exception, no NaN in what is parsed,
// and whatever parses can be paired and analysed.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "pairpower/compare/comparison.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"

#ifndef PAIRPOWER_FUZZ_FORMAT
#define PAIRPOWER_FUZZ_FORMAT auto_detect
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pairpower;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ScoreFile file;
  try {
    file = parse_scores(text, InputFormat::PAIRPOWER_FUZZ_FORMAT, "A");
  } catch (const Error& e) {
    if (e.kind != ErrorKind::malformed_input && e.kind != ErrorKind::ambiguous_format) std::abort();
    return 0;
  }
  for (const auto& s : file.series) {
    if (s.qids.size() != s.values.size()) std::abort();
    for (double v : s.values)
      if (!std::isfinite(v)) std::abort();
  }
  (void)file.describe();
  // Whatever parses goes on through pairing and a cheap analysis.
  try {
    const auto plan = build_comparisons(file, file.systems().size() == 1 ? &file : nullptr, file.measures(), MissingPolicy::intersect);
    CompareOptions o;
    o.resamples = 50;
    o.bootstrap_resamples = 20;
    o.power_curve = false;
    const auto r = compare_all(plan.samples, o);
    for (const auto& c : r.comparisons)
      if (!std::isfinite(c.delta) || !std::isfinite(c.randomization.p_value) || !std::isfinite(c.bootstrap.bca.low) || !std::isfinite(c.t.p))
        std::abort();
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
