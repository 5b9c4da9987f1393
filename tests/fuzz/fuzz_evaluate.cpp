// libFuzzer target for the readers `evaluate` uses. PAIRPOWER_FUZZ_EVALUATE_INPUT
// picks the reader (compiled once per row of evaluate_inputs.def); bad input may
// throw pairpower::Error (malformed data), nothing else may happen: no crash, no
// hang, no other exception, and whatever reads scores every all_trec measure to a
// number (a run against fixed qrels, qrels against a fixed run).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "pairpower/base/errors.hpp"
#include "pairpower/evaluate/evaluate.hpp"

#ifndef PAIRPOWER_FUZZ_EVALUATE_INPUT
#define PAIRPOWER_FUZZ_EVALUATE_INPUT trec_run
#endif

namespace {
using namespace pairpower;
constexpr EvaluateInput format = EvaluateInput::PAIRPOWER_FUZZ_EVALUATE_INPUT;
bool is_run() {
  for (const auto& f : evaluate_inputs())
    if (f.format == format) return std::string(f.kind) == "run";
  std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  static const Qrels fixed_qrels = read_qrels("1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 u -1\n2 0 a 1\n3 0 z 0\n");
  static const Run fixed_run = read_run("1 Q0 a 1 3 r\n1 Q0 x 2 2 r\n1 Q0 c 3 2 r\n2 Q0 b 1 1 r\n3 Q0 z 1 0.5 r\n", "r");
  EvaluateOptions o;
  o.measures = parse_measures({"all_trec"});
  try {
    const RunEvaluation e = is_run() ? evaluate_run(fixed_qrels, read_run(text, "fuzz", format), "fuzz", o)
                                     : evaluate_run(read_qrels(text, format), fixed_run, "fuzz", o);
    for (double v : e.all)
      if (!std::isfinite(v)) std::abort();
    (void)evaluation_text(e, true);
  } catch (const Error& e) {
    if (e.kind != ErrorKind::malformed_input) std::abort();
  }
  return 0;
}
