#include "pairpower/input/cut_short.hpp"

namespace pairpower {

Warning cut_short_warning(const CutShortRun& c) {
  const std::string file = c.file.empty() ? "the input" : c.file;
  const auto count = [](std::size_t n, const char* one, const char* many) { return std::to_string(n) + (n == 1 ? one : many); };
  std::string stop = "its rows stop after " + c.last_measure + " at line " + std::to_string(c.line);
  if (!c.last_value.empty()) stop += ", whose value " + c.last_value + " has no line end: it may be cut too, and is read as written";
  return {"cut_short", file + " looks cut short: run " + c.system + " ends inside query " + c.qid + ", which holds only the first " +
                           std::to_string(c.has) + " of the " + count(c.of, " measure", " measures") + " that every other query (" +
                           std::to_string(c.others) + ") holds; " + stop +
                           ", and no summary rows (query 'all') follow, which trec_eval -q writes last unless run with -n. The rest of " +
                           c.qid + " and any queries after it are missing from the scores read; copy the whole file again, or rerun trec_eval -q."};
}

}  // namespace pairpower
