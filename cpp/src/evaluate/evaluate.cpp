#include "pairpower/evaluate/evaluate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "detail/docno_table.hpp"

namespace pairpower {

TopicRanking rank_topic(const QrelsTopic& qrels, const RunTopic* run, const EvaluateOptions& o) {
  TopicRanking t;
  std::vector<Retrieved> docs = run ? run->docs : std::vector<Retrieved>{};
  // trec_eval's order: score descending, ties by docno descending (not by rank or file order).
  std::sort(docs.begin(), docs.end(), [](const Retrieved& a, const Retrieved& b) { return a.score != b.score ? a.score > b.score : a.docno > b.docno; });
  if (static_cast<std::int64_t>(docs.size()) > o.max_docs) docs.resize(static_cast<std::size_t>(o.max_docs));
  // Each document's docno hashed once: a document ranked twice shows, and each meets its judgment in a table.
  std::vector<std::uint64_t> hashes(docs.size());
  for (std::size_t i = 0; i < docs.size(); ++i) hashes[i] = detail::DocnoTable::hash(docs[i].docno);
  {
    detail::DocnoTable ranked(docs.size());
    const auto docno_of = [&](std::uint32_t i) { return docs[i].docno; };
    bool twice = false;
    for (std::uint32_t i = 0; i < docs.size() && !twice; ++i) twice = ranked.insert(i, hashes[i], docno_of) != detail::DocnoTable::none;
    if (twice) {
      // The message names the first such docno in byte order, whatever the ranking.
      std::vector<std::string_view> docnos;
      for (const auto& d : docs) docnos.push_back(d.docno);
      std::sort(docnos.begin(), docnos.end());
      const auto same = std::adjacent_find(docnos.begin(), docnos.end());
      throw InputError("topic " + std::string(qrels.qid) + " ranks document " + std::string(*same) + " twice (trec_eval stops at this too)");
    }
  }
  std::int64_t max_rel = 0;
  for (const auto& j : qrels.docs) max_rel = std::max(max_rel, j.rel);
  t.rel_levels.assign(static_cast<std::size_t>(max_rel + 1), 0);
  for (const auto& j : qrels.docs)
    if (j.rel >= 0) ++t.rel_levels[static_cast<std::size_t>(j.rel)];
  while (!t.rel_levels.empty() && t.rel_levels.back() == 0) t.rel_levels.pop_back();
  for (std::size_t level = 0; level < t.rel_levels.size(); ++level)
    if (static_cast<std::int64_t>(level) >= o.relevance_level) t.num_rel += t.rel_levels[level];
  t.rels.assign(docs.size(), TopicRanking::not_in_pool);
  detail::DocnoTable judgments(qrels.docs.size());
  const auto judged_docno = [&](std::uint32_t j) { return qrels.docs[j].docno; };
  for (std::uint32_t j = 0; j < qrels.docs.size(); ++j) judgments.insert(j, detail::DocnoTable::hash(qrels.docs[j].docno), judged_docno);
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const std::uint32_t j = judgments.find(docs[i].docno, hashes[i], judged_docno);
    if (j != detail::DocnoTable::none) t.rels[i] = qrels.docs[j].rel < 0 ? TopicRanking::unjudged : qrels.docs[j].rel;
  }
  for (const std::int64_t rel : t.rels) {
    if (rel == TopicRanking::not_in_pool) ++t.num_nonpool;
    else if (rel == TopicRanking::unjudged) ++t.num_unjudged_in_pool;
    else if (rel >= o.relevance_level) ++t.num_rel_ret;
  }
  t.num_ret = static_cast<std::int64_t>(docs.size());
  return t;
}

RunEvaluation evaluate_run(const Qrels& qrels, const Run& run, std::string file, const EvaluateOptions& o) {
  if (o.relevance_level < 0) throw Error("relevance_level", ErrorKind::invalid_value, "must be 0 or more", std::to_string(o.relevance_level));
  if (o.max_docs < 1) throw Error("max_docs", ErrorKind::invalid_value, "must be 1 or more", std::to_string(o.max_docs));
  RunEvaluation e;
  e.run = run.runid;
  e.file = std::move(file);
  e.names = o.measures.names();
  e.summaries = o.measures.summaries();
  e.relstring = o.measures.has("relstring");
  e.relstring_at = o.measures.values_before("relstring");
  e.runid = o.measures.has("runid");
  e.num_q_printed = o.measures.has("num_q");
  std::vector<std::string> missing;
  auto r = run.topics.begin();
  for (const auto& q : qrels.topics) {
    while (r != run.topics.end() && r->qid < q.qid) ++r;
    const RunTopic* answer = r != run.topics.end() && r->qid == q.qid ? &*r : nullptr;
    if (!answer && !o.complete) {
      missing.emplace_back(q.qid);
      continue;
    }
    TopicValues v{std::string(q.qid), std::vector<double>(e.names.size(), 0.0), {}};
    const TopicRanking t = rank_topic(q, answer, o);
    if (answer) {
      topic_values(t, o.measures, o.relevance_level, v.values);
      if (e.relstring) v.relstring = relstring(t);
    } else {
      // An empty ranking under -c: every measure 0 but num_rel, as trec_eval scores it.
      for (std::size_t i = 0; i < e.names.size(); ++i) {
        if (e.names[i] == "num_rel") v.values[i] = static_cast<double>(t.num_rel);
        if (e.summaries[i] == Summary::geometric_mean) v.values[i] = std::log(0.00001);
      }
    }
    e.topics.push_back(std::move(v));
  }
  if (e.topics.empty()) throw InputError("the run's topics match none of the qrels' topics (" + std::to_string(run.topics.size()) + " in the run, " + std::to_string(qrels.topics.size()) + " judged)");
  e.num_q = static_cast<std::int64_t>(e.topics.size());
  e.all.assign(e.names.size(), 0.0);
  for (const auto& t : e.topics)
    for (std::size_t i = 0; i < e.names.size(); ++i) e.all[i] += t.values[i];
  const auto n = static_cast<double>(e.num_q);
  for (std::size_t i = 0; i < e.names.size(); ++i) {
    if (e.summaries[i] == Summary::mean) e.all[i] /= n;
    else if (e.summaries[i] == Summary::geometric_mean) e.all[i] = std::exp(e.all[i] / n);
  }
  if (!missing.empty()) {
    std::string list;
    for (std::size_t i = 0; i < missing.size() && i < 10; ++i) list += (i ? ", " : "") + missing[i];
    if (missing.size() > 10) list += ", …";
    // Said in words that hold in the page and in every command scoring runs: only evaluate has -c, and
    // a comparison's missing-query policy "score a missing query 0" does what -c does for most measures.
    const bool one = missing.size() == 1;
    const std::string it = one ? "it" : "them";
    e.warnings.push_back({"topics_not_in_run", std::to_string(missing.size()) + " of the qrels' " + std::to_string(qrels.topics.size()) + " topics " +
                                                   (one ? "has" : "have") + " no ranking in run " + e.run + " (" + list + "): " + (one ? "it is" : "they are") +
                                                   " left out of the run's scores, as trec_eval 9 leaves " + it + " out (trec_eval 10.0 stops). trec_eval -c "
                                                   "and pairpower evaluate -c score " + it + " as " + (one ? "an empty ranking" : "empty rankings") +
                                                   "; in a comparison, scoring a missing query 0 does the same for most measures"});
  }
  return e;
}

ScoreFile scores_of_runs(const Qrels& qrels, const std::vector<Run>& runs, const std::vector<std::string>& files, const EvaluateOptions& o,
                         const std::string& qrels_name, std::vector<Warning>* warnings) {
  ScoreFile out;
  out.format = InputFormat::csv_long;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const RunEvaluation e = evaluate_run(qrels, runs[r], r < files.size() ? files[r] : std::string(), o);
    if (warnings) warnings->insert(warnings->end(), e.warnings.begin(), e.warnings.end());
    for (std::size_t i = 0; i < e.names.size(); ++i) {
      if (e.summaries[i] == Summary::geometric_mean) continue;
      ScoreSeries s{"", e.names[i], e.run, {}, {}};
      for (const auto& t : e.topics) {
        s.qids.push_back(t.qid);
        s.values.push_back(t.values[i]);
      }
      out.series.push_back(std::move(s));
    }
    out.records += e.topics.size() * e.names.size();
  }
  out.origin = runs_origin(runs.size(), qrels_name);
  return out;
}

std::string runs_origin(std::size_t runs, const std::string& qrels_name) {
  return std::to_string(runs) + (runs == 1 ? " run" : " runs") + " scored against " + qrels_name + " as trec_eval 10.0 scores them";
}

RunScores score_run(const Qrels& qrels, const Run& run, const std::string& file, const std::string& measure) {
  EvaluateOptions o;
  o.measures = parse_measures({measure});
  const auto names = o.measures.names();
  const auto summaries = o.measures.summaries();
  if (names.size() != 1 || summaries.front() == Summary::geometric_mean || summaries.front() == Summary::none)
    throw Error("measure", ErrorKind::invalid_value, "name one measure with a value per topic (for example nDCG@10, AP, P@10)", measure);
  RunEvaluation e = evaluate_run(qrels, run, file, o);
  RunScores out;
  out.series = {"", names.front(), e.run, {}, {}};
  for (const auto& t : e.topics) {
    out.series.qids.push_back(t.qid);
    out.series.values.push_back(t.values.front());
  }
  out.text = evaluation_text(e, true);
  out.warnings = std::move(e.warnings);
  return out;
}

namespace {
std::string line(const std::string& name, const std::string& qid, const std::string& value) {
  char head[64];
  std::snprintf(head, sizeof head, "%-22s\t", name.c_str());
  return head + qid + "\t" + value + "\n";
}
std::string value_text(double v, Summary s) {
  char buf[64];
  if (s == Summary::sum) std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  else std::snprintf(buf, sizeof buf, "%6.4f", v);
  return buf;
}
}  // namespace

std::string evaluation_text(const RunEvaluation& e, bool per_query) {
  std::string out;
  if (per_query)
    for (const auto& t : e.topics) {
      for (std::size_t i = 0; i <= e.names.size(); ++i) {
        if (e.relstring && i == e.relstring_at) out += line("relstring", t.qid, "'" + t.relstring + "'");
        if (i < e.names.size() && e.summaries[i] != Summary::geometric_mean) out += line(e.names[i], t.qid, value_text(t.values[i], e.summaries[i]));
      }
    }
  if (e.runid) out += line("runid", "all", e.run);
  if (e.num_q_printed) out += line("num_q", "all", std::to_string(e.num_q));
  for (std::size_t i = 0; i < e.names.size(); ++i) out += line(e.names[i], "all", value_text(e.all[i], e.summaries[i]));
  return out;
}

std::string evaluations_json(const std::vector<RunEvaluation>& runs, const std::vector<Warning>& input_warnings) {
  nlohmann::ordered_json j;
  j["runs"] = nlohmann::ordered_json::array();
  for (const auto& e : runs) {
    nlohmann::ordered_json r{{"run", e.run}, {"file", e.file}};
    auto& queries = r["queries"] = nlohmann::ordered_json::object();
    for (const auto& t : e.topics) {
      auto& q = queries[t.qid] = nlohmann::ordered_json::object();
      for (std::size_t i = 0; i < e.names.size(); ++i)
        if (e.summaries[i] != Summary::geometric_mean) q[e.names[i]] = t.values[i];
    }
    auto& all = r["all"] = nlohmann::ordered_json::object();
    all["num_q"] = e.num_q;
    for (std::size_t i = 0; i < e.names.size(); ++i) all[e.names[i]] = e.all[i];
    r["warnings"] = described::json_of(e.warnings);
    j["runs"].push_back(std::move(r));
  }
  j["warnings"] = described::json_of(input_warnings);
  return j.dump(1) + "\n";
}

std::string evaluations_csv(const std::vector<RunEvaluation>& runs) {
  std::string out = "run,qid,measure,value\n";
  for (const auto& e : runs) {
    for (const auto& t : e.topics)
      for (std::size_t i = 0; i < e.names.size(); ++i)
        if (e.summaries[i] != Summary::geometric_mean) out += csv_field(e.run) + "," + csv_field(t.qid) + "," + e.names[i] + "," + nlohmann::json(t.values[i]).dump() + "\n";
  }
  return out;
}

}  // namespace pairpower
