// Embind boundary of the leaderboard (leaderboard.hpp): one worker reads the
// pasted texts once (rankPrepare; chosen files are read by every worker, a share
// each: inputShare, readInputs, then joined by rankPrepare), each worker computes a part of the
// resampling from that board, and one merges the parts into the CLI's report
// (`pairpower leaderboard --format json`) and its three tables. A pair handed to
// Analyze is read from the texts again, keeping its two systems' scores as written.
#include <algorithm>
#include <cmath>
#include <map>

#include <emscripten/bind.h>

#include "bindings_support.hpp"
#include "scored_runs.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/leaderboard/leaderboard_report.hpp"
#include "pairpower/input/folder_inputs.hpp"
#include "pairpower/input/pairing.hpp"

namespace {

using namespace pairpower::bindings;

// A series as the page holds it: {dataset, system, qids, values, byPosition, clusters?, file?, blanks?} (+ measure where several may
// be), its query ids and clusters packed (packed_strings): a board of 20 models on 14,042 items has 280,840 of each.
val series_js(const pairpower::ScoreSeries& s) {
  val x = val::object();
  x.set("dataset", s.dataset);
  x.set("system", s.system);
  x.set("qids", packed_strings(s.qids));
  x.set("values", f64(s.values));
  x.set("byPosition", s.by_position);
  x.set("items", s.unit == pairpower::item_unit);
  if (!s.clusters.empty()) x.set("clusters", packed_strings(s.clusters));
  if (!s.file.empty()) x.set("file", s.file);
  if (!s.blanks.empty()) {
    val blanks = val::array();
    for (const auto& [qid, line] : s.blanks) {
      val b = val::object();
      b.set("qid", qid);
      b.set("line", static_cast<double>(line));
      blanks.call<void>("push", b);
    }
    x.set("blanks", blanks);
  }
  return x;
}

pairpower::ScoreSeries series_from_js(const val& x, const std::string& measure) {
  pairpower::ScoreSeries s{text_field(x, "dataset"), measure, text_field(x, "system"), unpacked_strings(x, "qids"),
                           emscripten::convertJSArrayToNumberVector<double>(x["values"]), x["byPosition"].isTrue()};
  if (s.qids.size() != s.values.size()) throw std::invalid_argument("board: a series' query ids and values differ in number");
  if (x["items"].isTrue()) s.unit = pairpower::item_unit;
  if (!x["clusters"].isUndefined()) s.clusters = unpacked_strings(x, "clusters");
  if (!x["file"].isUndefined()) s.file = text_field(x, "file");
  if (const val blanks = x["blanks"]; !blanks.isUndefined()) {
    if (!blanks.isArray()) throw std::invalid_argument("board: a series' blanks must be a list");
    for (unsigned i = 0; i < blanks["length"].as<unsigned>(); ++i) s.blanks.emplace_back(text_field(blanks[i], "qid"), size(blanks[i], "line"));
  }
  if (!s.clusters.empty() && s.clusters.size() != s.qids.size()) throw std::invalid_argument("board: a series' clusters and query ids differ in number");
  return s;
}

// A file of a chosen folder that could not be read, left out (folder_inputs.hpp), with its input's index.
struct LeftOut {
  unsigned input;
  pairpower::LeftOutFile file;
};

std::vector<pairpower::LeftOutFile> files_of(const std::vector<LeftOut>& left_out) {
  std::vector<pairpower::LeftOutFile> out;
  for (const auto& x : left_out) out.push_back(x.file);
  return out;
}

// A LeftOut as readInputs answers it ({input, folder, why, field, kind}), and back, as rankPrepare joins the parts.
val left_out_js(const LeftOut& x) {
  val g = val::object();
  g.set("input", x.input);
  g.set("folder", x.file.folder);
  g.set("why", x.file.why);
  g.set("field", x.file.field);
  g.set("kind", std::string(pairpower::to_string(x.file.kind)));
  return g;
}

LeftOut left_out_from_js(const val& g) {
  const std::string kind = text_field(g, "kind");
  for (int k = 0; k <= static_cast<int>(pairpower::ErrorKind::not_enough_data); ++k)
    if (pairpower::to_string(static_cast<pairpower::ErrorKind>(k)) == kind)
      return {g["input"].as<unsigned>(), {text_field(g, "folder"), text_field(g, "why"), text_field(g, "field"), static_cast<pairpower::ErrorKind>(k)}};
  throw std::invalid_argument("read: not an error kind: " + kind);
}

// Each input's series in input order, with the input's index (its own `index` when given, a reader's share
// of a longer list); an unnamed input is "S<index + 1>" (the page names files after themselves). An input
// found in a chosen folder (its `folder`) that cannot be read, or that the browser could not open (its
// `unreadable`), goes to `left_out` instead; one chosen by itself is refused.
// `keep_text_of`: systems whose scores are also kept as written (a pair handed to Analyze). What reading
// found to warn of beyond files left out (a run cut short) goes to `found`: of those systems only, when kept.
template <class Each>
void read_each(const val& q, const std::vector<std::string>& keep_text_of, Each each, std::vector<LeftOut>& left_out,
               std::vector<pairpower::Warning>& found) {
  const auto format = format_from(q);
  // The field of each log record that names its item's cluster (dotted for nested ones); tables name theirs in a column.
  const std::string cluster = text_field(q, "cluster");
  const val inputs = q["inputs"];
  if (!inputs.isArray()) throw std::invalid_argument("inputs: must be a list (or scored: the scored runs)");
  const unsigned count = inputs["length"].as<unsigned>();
  // A folder of lm-eval output holds results files beside the samples: read for the models' names.
  std::map<std::string, std::string> models;
  for (unsigned i = 0; i < count; ++i)
    if (const std::string name = text_field(inputs[i], "name"); pairpower::is_lm_eval_results(name))
      if (auto m = pairpower::lm_eval_model_name(text_or_bytes(inputs[i], "text"))) models.emplace(name, std::move(*m));
  std::vector<std::string> names;
  for (unsigned i = 0; i < count; ++i) names.push_back(text_field(inputs[i], "name"));
  const auto scores = pairpower::holds_scores(names);
  for (unsigned i = 0; i < count; ++i) {
    const std::string& name = names[i];
    if (!scores[i]) continue;
    const unsigned index = inputs[i]["index"].isNumber() ? inputs[i]["index"].as<unsigned>() : i;
    const std::string label = pairpower::file_label(name, "S" + std::to_string(index + 1));
    const std::string folder = text_field(inputs[i], "folder");
    const auto read = [&] {
      // A file the browser could not open (a broken gzip or zip) is the file's fault, as the CLI's reading of it.
      source_of_error = label;
      pairpower::refuse_unopened(text_field(inputs[i], "unreadable"));
      return parse_input(text_or_bytes(inputs[i], "text"), format, label, label.c_str(), keep_text_of, name, cluster);
    };
    pairpower::ScoreFile file;
    if (folder.empty()) {
      file = read();
    } else {
      std::vector<pairpower::LeftOutFile> gone;
      auto got = pairpower::read_or_leave_out(folder, name, gone, read);
      source_of_error.clear();
      if (!got) {
        left_out.push_back({index, std::move(gone.front())});
        continue;
      }
      file = std::move(*got);
    }
    // A pasted board has no file: its messages name lines alone, not the label "S1" the page never shows.
    if (name.empty()) {
      for (auto& s : file.series) s.file.clear();
      for (auto& c : file.cut_short) c.file.clear();
    }
    // A file holding a folder as the page's archive text (one saved from Analyze) names its own left out.
    for (auto& l : file.left_out) left_out.push_back({index, std::move(l)});
    for (const auto& c : file.cut_short)
      if (keep_text_of.empty() || std::find(keep_text_of.begin(), keep_text_of.end(), c.system) != keep_text_of.end())
        found.push_back(pairpower::cut_short_warning(c));
    if (file.format == pairpower::InputFormat::lm_eval_samples)
      if (const auto m = models.find(pairpower::lm_eval_results_path(name)); m != models.end())
        for (auto& s : file.series) s.system = m->second;
    for (auto& s : file.series) each(index, std::move(s));
  }
}

// Every input's series: runs scored in the page, the parts' answers of readInputs, or the texts read here;
// the files of a chosen folder left out, in input order, in `left_out`; runs cut short in `found`.
std::vector<pairpower::ScoreSeries> series_of(const val& q, std::vector<LeftOut>& left_out, std::vector<pairpower::Warning>& found,
                                              const std::vector<std::string>& keep_text_of = {}) {
  // Runs scored in the page (scoreRun): their per-topic values at full precision.
  if (auto scored = scored_runs(q)) return std::move(scored->series);
  std::vector<pairpower::ScoreSeries> series;
  if (const val read = q["read"]; read.isArray()) {
    // Inputs read in parts: joined in input order, each input's series in their own order.
    std::vector<std::pair<unsigned, pairpower::ScoreSeries>> all;
    for (unsigned p = 0; p < read["length"].as<unsigned>(); ++p) {
      const val list = read[p]["series"];
      if (!list.isArray()) throw std::invalid_argument("read: each part must be readInputs' answer");
      for (unsigned x = 0; x < list["length"].as<unsigned>(); ++x)
        all.emplace_back(list[x]["input"].as<unsigned>(), series_from_js(list[x], text_field(list[x], "measure")));
      if (const val gone = read[p]["leftOut"]; gone.isArray())
        for (unsigned x = 0; x < gone["length"].as<unsigned>(); ++x) left_out.push_back(left_out_from_js(gone[x]));
      for (auto& w : warnings_from(read[p], "warnings")) found.push_back(std::move(w));
    }
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::stable_sort(left_out.begin(), left_out.end(), [](const LeftOut& a, const LeftOut& b) { return a.input < b.input; });
    for (auto& [input, s] : all) series.push_back(std::move(s));
    return series;
  }
  read_each(q, keep_text_of, [&](unsigned, pairpower::ScoreSeries&& s) { series.push_back(std::move(s)); }, left_out, found);
  return series;
}

pairpower::MissingPolicy missing_of(const val& q) {
  const auto missing = pairpower::missing_policy_from_string(text_field(q, "missing"));
  if (!missing) throw pairpower::Error("missing", pairpower::ErrorKind::invalid_value, "not a policy of the registry", text_field(q, "missing"));
  return *missing;
}

// The settings of a query, bounded as the Analyze settings are (the registry's);
// the leaderboard's own defaults are LeaderboardOptions'.
pairpower::LeaderboardOptions options_of(const val& q) {
  pairpower::LeaderboardSettings in;
  in.alpha = number(q, "alpha");
  if (!q["confidence"].isUndefined()) in.confidence = number(q, "confidence");  // left out: 1 − α (leaderboard_options)
  in.resamples = number(q, "resamples");
  in.bootstrap = number(q, "bootstrap");
  in.seed = number(q, "seed");
  const auto higher = pairpower::higher_is_better(text_field(q, "direction"));
  if (!higher) throw pairpower::Error("direction", pairpower::ErrorKind::invalid_value, "not a direction of the registry", text_field(q, "direction"));
  in.higher_is_better = *higher;
  in.missing = missing_of(q);
  in.threads = 1;  // the single-thread build has no threads: the page spreads parts over workers instead
  return pairpower::leaderboard_options(in);
}

// q.board = {measure, series: [{dataset, system, qids, values, byPosition, clusters?}], warnings} (rankPrepare's answer) → the input again.
pairpower::LeaderboardInput prepared_input(const val& q) {
  const val board = q["board"];
  if (board.isUndefined() || board.isNull() || !board["series"].isArray()) throw std::invalid_argument("board: must be rankPrepare's answer");
  pairpower::LeaderboardInput in{text_field(board, "measure"), {}, {}};
  const val list = board["series"];
  for (unsigned i = 0; i < list["length"].as<unsigned>(); ++i) in.series.push_back(series_from_js(list[i], in.measure));
  return in;
}

// {paths, part, parts} → {indices, naming}: the files this reader of a shared list reads (input_share), and
// which of them only name the models.
val input_share(const val& q) {
  return guarded([&] {
    const auto paths = emscripten::vecFromJSArray<std::string>(q["paths"]);
    const auto share = pairpower::input_share(paths, static_cast<unsigned>(count(q, "part")), static_cast<unsigned>(count(q, "parts")));
    val indices = val::array(), naming = val::array();
    for (const std::size_t i : share) {
      indices.call<void>("push", static_cast<unsigned>(i));
      if (pairpower::is_lm_eval_results(paths[i])) naming.call<void>("push", static_cast<unsigned>(i));
    }
    val out = val::object();
    out.set("indices", indices);
    out.set("naming", naming);
    return out;
  });
}

// {inputs (a share of a longer list, each with its index), format} → {series, leftOut, warnings}: each input's series,
// of every measure, with its input's index, the files of a chosen folder left out and the runs cut short: what
// rankPrepare joins when the inputs are read in parts.
val read_inputs(const val& q) {
  return guarded([&] {
    val list = val::array();
    std::vector<LeftOut> left_out;
    std::vector<pairpower::Warning> found;
    read_each(q, {}, [&](unsigned input, pairpower::ScoreSeries&& s) {
      val x = series_js(s);
      x.set("measure", s.measure);
      x.set("input", input);
      list.call<void>("push", x);
    }, left_out, found);
    val gone = val::array();
    for (const auto& x : left_out) gone.call<void>("push", left_out_js(x));
    val out = val::object();
    out.set("series", list);
    out.set("leftOut", gone);
    out.set("warnings", warnings_js(found));
    return out;
  });
}

// The inputs and measure → {measure, series, warnings}: the series of the board's measure, read once, for
// rankPart and rankMerge (values as Float64Arrays, which the page copies to each worker cheaply), and the
// warnings about the inputs (a chosen folder's files left out, runs cut short, what scoring runs warned of), which the merge
// puts first in the report. A chosen folder none of whose files reads is refused, as in the CLI.
val rank_prepare(const val& q) {
  return guarded([&] {
    std::vector<LeftOut> left_out;
    std::vector<pairpower::Warning> cut_short;
    auto series = series_of(q, left_out, cut_short);
    if (series.empty() && !left_out.empty()) pairpower::refuse_unread_folder(files_of(left_out));
    std::vector<pairpower::Warning> warnings;
    for (const auto& x : left_out) warnings.push_back(pairpower::left_out_of_folder(x.file.folder, x.file.why));
    warnings.insert(warnings.end(), cut_short.begin(), cut_short.end());
    for (auto& w : scored_warnings(q)) warnings.push_back(std::move(w));
    pairpower::LeaderboardInput in;
    try {
      in = pairpower::leaderboard_input(series, text_field(q, "measure"));
    } catch (const pairpower::Error& e) {
      if (left_out.empty()) throw;
      // The CLI names the files it left out above its refusal; the page's one message names them too.
      throw pairpower::with_files_left_out(e, files_of(left_out));
    }
    val list = val::array();
    for (const auto& s : in.series) list.call<void>("push", series_js(s));
    val out = val::object();
    out.set("measure", in.measure);
    out.set("measures", strings(in.measures));
    out.set("series", list);
    out.set("warnings", warnings_js(warnings));
    return out;
  });
}

// The settings + {board, part, parts} → {boards: [{tukey, boot, p, pSe, pHsd, ciLow, ciHigh}]} (Float64Arrays): one worker's share of the resampling.
val rank_part(const val& q) {
  return guarded([&] {
    const auto in = prepared_input(q);
    const auto part = pairpower::leaderboard_part(in.series, in.measure, options_of(q), static_cast<unsigned>(count(q, "part")),
                                                  static_cast<unsigned>(count(q, "parts")));
    val boards = val::array();
    for (const auto& b : part.boards) {
      // Δ intervals only from a part that computed them (the core's NaN otherwise): none is sent, and the merge computes them.
      std::vector<double> p, se, hsd, low, high;
      for (const auto& x : b.pairs) {
        p.push_back(x.p);
        se.push_back(x.p_se);
        hsd.push_back(x.p_tukey_hsd);
        if (std::isnan(x.ci_low)) continue;
        low.push_back(x.ci_low);
        high.push_back(x.ci_high);
      }
      if (low.size() != p.size()) low.clear(), high.clear();
      val o = val::object();
      o.set("tukey", f64(b.tukey_ranges));
      o.set("boot", f64(b.boot_means));
      o.set("p", f64(p));
      o.set("pSe", f64(se));
      o.set("pHsd", f64(hsd));
      o.set("ciLow", f64(low));
      o.set("ciHigh", f64(high));
      boards.call<void>("push", o);
    }
    val out = val::object();
    out.set("boards", boards);
    return out;
  });
}

// The settings + {board, parts: [rank_part's answers, in part order]} → {json, markdown, latex, csv}: the CLI's report.
val rank_merge(const val& q) {
  return guarded([&] {
    const auto o = options_of(q);
    const val given = q["parts"];
    if (!given.isArray()) throw std::invalid_argument("parts: must be a list");
    std::vector<pairpower::LeaderboardPart> parts;
    for (unsigned i = 0; i < given["length"].as<unsigned>(); ++i) {
      pairpower::LeaderboardPart part;
      const val boards = given[i]["boards"];
      for (unsigned x = 0; x < boards["length"].as<unsigned>(); ++x) {
        const val b = boards[x];
        pairpower::BoardPart bp{emscripten::convertJSArrayToNumberVector<double>(b["tukey"]), emscripten::convertJSArrayToNumberVector<double>(b["boot"]), {}};
        const auto p = emscripten::convertJSArrayToNumberVector<double>(b["p"]), se = emscripten::convertJSArrayToNumberVector<double>(b["pSe"]),
                   hsd = emscripten::convertJSArrayToNumberVector<double>(b["pHsd"]), low = emscripten::convertJSArrayToNumberVector<double>(b["ciLow"]),
                   high = emscripten::convertJSArrayToNumberVector<double>(b["ciHigh"]);
        const bool intervals = !low.empty() || !high.empty();
        for (const auto* v : {&se, &hsd, &low, &high})
          if (v->size() != p.size() && (intervals || (v != &low && v != &high))) throw std::invalid_argument("parts: pairs of unequal length");
        const double none = std::nan("");
        for (std::size_t y = 0; y < p.size(); ++y) bp.pairs.push_back({p[y], se[y], hsd[y], intervals ? low[y] : none, intervals ? high[y] : none});
        part.boards.push_back(std::move(bp));
      }
      parts.push_back(std::move(part));
    }
    const auto in = prepared_input(q);
    auto r = pairpower::leaderboard_merge(in.series, in.measure, o, parts);
    pairpower::add_input_warnings(r, warnings_from(q["board"], "warnings"));  // a chosen folder's files left out, runs scored in the page
    val out = val::object();
    out.set("json", pairpower::leaderboard_json_text(r, o));
    out.set("markdown", pairpower::leaderboard_markdown(r, o));
    out.set("latex", pairpower::leaderboard_latex(r, o));
    out.set("csv", pairpower::leaderboard_csv(r));
    return out;
  });
}

// The same inputs + {dataset, systemA, systemB} → {text, warnings}: the pair's scores as
// a `qid,[dataset,][measure,][cluster,]A,B` table for Analyze, paired as the leaderboard paired them and
// written as the user wrote them (only these two systems' texts are kept), and the warnings about their
// runs that Analyze, given only the table, cannot find again (a run cut short).
val pair_table(const val& q) {
  return guarded([&] {
    const std::string a = text_field(q, "systemA"), b = text_field(q, "systemB");
    std::vector<LeftOut> left_out;  // as when the board was ranked: the pair's systems are in other files
    std::vector<pairpower::Warning> cut_short;
    const auto p = pairpower::pair_scores(series_of(q, left_out, cut_short, {a, b}), text_field(q, "measure"), text_field(q, "dataset"), a, b, missing_of(q));
    val out = val::object();
    out.set("text", pairpower::pair_scores_csv(p, a, b));
    out.set("warnings", warnings_js(cut_short));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(pairpower_leaderboard) {
  emscripten::function("inputShare", &input_share);
  emscripten::function("readInputs", &read_inputs);
  emscripten::function("rankPrepare", &rank_prepare);
  emscripten::function("rankPart", &rank_part);
  emscripten::function("rankMerge", &rank_merge);
  emscripten::function("pairTable", &pair_table);
}
