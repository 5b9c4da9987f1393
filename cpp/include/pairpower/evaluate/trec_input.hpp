#pragma once
// Runs and relevance judgments as trec_eval reads them: a TREC run
// (`qid Q0 docno rank score runid`, any whitespace, lines in any order) and
// qrels (`qid iter docno rel`), or their JSON forms as MTEB and BEIR write
// them (`{qid: {docid: score}}`, `{qid: {docid: rel}}`). The texts are kept
// (shared) and documents are views into them, so a 100 MB run is not copied
// line by line.
//
// Example:
//   auto qrels = pairpower::read_qrels(qrels_text);
//   auto run = pairpower::read_run(run_text, "bm25.run");
//   run.runid;  // the last line's tag, as trec_eval prints it
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pairpower {

/// The files evaluate reads (registry/evaluate_inputs.def); `auto_detect`: JSON when the text is a JSON object.
enum class EvaluateInput {
  auto_detect,
#define PAIRPOWER_EVALUATE_INPUT(e, id, kind, description) e,
#include "pairpower/registry/evaluate_inputs.def"
#undef PAIRPOWER_EVALUATE_INPUT
};
struct EvaluateInputInfo {
  EvaluateInput format;
  const char* id;
  const char* kind;  ///< "run" or "qrels"
  const char* label;
  const char* fuzz;  ///< the libFuzzer target's suffix
};
std::span<const EvaluateInputInfo> evaluate_inputs() noexcept;

struct Judgment {
  std::string_view docno;
  std::int64_t rel;  ///< trec_eval's level: ≥ 0 judged, < 0 in the pool but unjudged
};

struct QrelsTopic {
  std::string_view qid;
  std::vector<Judgment> docs;  ///< sorted by docno (byte order), each docno once
};

struct Qrels {
  std::shared_ptr<const std::string> text;  ///< what the views point into
  std::vector<QrelsTopic> topics;           ///< sorted by qid (byte order)
};

struct Retrieved {
  std::string_view docno;
  double score;
};

struct RunTopic {
  std::string_view qid;
  std::vector<Retrieved> docs;  ///< in file order
};

struct Run {
  std::shared_ptr<const std::string> text;
  std::string runid;             ///< the tag of the run's last line (trec_eval's runid); JSON runs: the file's name
  std::vector<RunTopic> topics;  ///< sorted by qid (byte order)
};

/// TREC qrels (4 columns) or JSON `{qid: {docid: rel}}`. Throws InputError naming the line
/// (or the JSON's position) for a malformed line, and a topic's docno given twice.
Qrels read_qrels(std::string text, EvaluateInput format = EvaluateInput::auto_detect);

/// A TREC run (6 columns; more are ignored, as trec_eval does; `#` starts a comment line)
/// or JSON `{qid: {docid: score}}`; `name` is the runid of a JSON run. Throws InputError
/// naming the line for a malformed one.
Run read_run(std::string text, std::string_view name, EvaluateInput format = EvaluateInput::auto_detect);

/// True when the text is JSON (its first non-blank character is `{`).
bool is_json_text(std::string_view text) noexcept;

}  // namespace pairpower
