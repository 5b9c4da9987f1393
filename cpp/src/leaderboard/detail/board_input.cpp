#include "board_input.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"

namespace pairpower::detail {
namespace {

// One dataset's systems × queries, pairing query ids by the missing-id policy.
DatasetScores board_of(const std::string& dataset, const std::vector<const ScoreSeries*>& rows, MissingPolicy missing) {
  DatasetScores d{dataset, !rows.empty() && rows.front()->by_position, {}, {}, BoardMatrix(0, 0)};
  for (const ScoreSeries* s : rows) d.unit = joined_unit(d.unit, s->unit);
  // Each query id's place in first-seen order, and each system's score there (a hash map: boards of
  // 20 systems × 14,000 items are common, and ordered maps of strings made this their slowest step).
  std::unordered_map<std::string_view, std::uint32_t> place;
  std::vector<std::string_view> order;
  std::vector<std::vector<std::pair<std::uint32_t, double>>> scored;
  // Columns without query ids pair by position: only with each other, and only when equally long.
  for (const ScoreSeries* s : rows) {
    const ScoreSeries& first = *rows.front();
    if (s->by_position != first.by_position)
      throw Error("scores", ErrorKind::malformed_input, "'" + (s->by_position ? s->system : first.system) + "' is a column of numbers without query ids and '" +
                                                           (s->by_position ? first.system : s->system) + "' has query ids; give query ids in every input, or bare columns in all (paired by position)");
    if (s->by_position && s->values.size() != first.values.size())
      throw Error("scores", ErrorKind::malformed_input, "'" + first.system + "' has " + std::to_string(first.values.size()) + " values and '" + s->system + "' has " +
                                                           std::to_string(s->values.size()) + "; without query ids the scores are paired by position, so every column needs the same number of rows");
  }
  for (const ScoreSeries* s : rows) {
    if (const auto twice = std::find(d.systems.begin(), d.systems.end(), s->system); twice != d.systems.end())
      refuse_repeated_series(*rows[static_cast<std::size_t>(twice - d.systems.begin())], *s);
    d.systems.push_back(s->system);
    auto& mine = scored.emplace_back();
    mine.reserve(s->qids.size());
    for (std::size_t i = 0; i < s->qids.size(); ++i) {
      const auto [it, fresh] = place.try_emplace(s->qids[i], static_cast<std::uint32_t>(order.size()));
      if (fresh) order.push_back(s->qids[i]);
      mine.emplace_back(it->second, s->values[i]);
    }
  }
  // System i's score of query q at i · queries + q; a query scored twice by one system keeps its last score.
  const std::size_t k = d.systems.size(), queries = order.size();
  std::vector<double> value(k * queries, 0.0);
  std::vector<char> has(k * queries, 0);
  for (std::size_t i = 0; i < k; ++i)
    for (const auto& [q, v] : scored[i]) {
      value[i * queries + q] = v;
      has[i * queries + q] = 1;
    }
  std::vector<std::uint32_t> kept;
  for (std::size_t q = 0; q < queries; ++q) {
    std::size_t have = 0;
    for (std::size_t i = 0; i < k; ++i) have += static_cast<std::size_t>(has[i * queries + q]);
    if (have == k || missing == MissingPolicy::zero) {
      d.qids.emplace_back(order[q]);
      kept.push_back(static_cast<std::uint32_t>(q));
    } else if (missing == MissingPolicy::error) {
      std::string lacking;
      for (std::size_t i = 0; i < k; ++i) {
        if (has[i * queries + q]) continue;
        lacking += (lacking.empty() ? "" : ", ") + d.systems[i];
        // A blank cell, not a missing id: where it is.
        if (const std::string cell = blank_place(*rows[i], order[q]); !cell.empty()) lacking += " (its cell is blank: " + cell + ")";
      }
      throw Error("missing", ErrorKind::unmatched_ids,
                  d.unit.one + " '" + std::string(order[q]) + "'" + (dataset.empty() ? "" : " of dataset '" + dataset + "'") + " has no score for " + lacking + ".");
    }
  }
  // Clusters: every input names its items' clusters, and one item is in one cluster for all of them.
  if (std::any_of(rows.begin(), rows.end(), [](const ScoreSeries* s) { return !s->clusters.empty(); })) {
    std::map<std::string, std::pair<std::string, std::string>> cluster_of;  // qid → (cluster, the system that named it)
    for (const ScoreSeries* s : rows) {
      if (s->clusters.size() != s->qids.size())
        throw Error("cluster", ErrorKind::malformed_input,
                    "'" + s->system + "' names no clusters while other systems' inputs do; give every input its " + d.unit.many + "' clusters");
      for (std::size_t i = 0; i < s->qids.size(); ++i) {
        const auto [it, fresh] = cluster_of.try_emplace(s->qids[i], s->clusters[i], s->system);
        if (!fresh && it->second.first != s->clusters[i])
          throw Error("cluster", ErrorKind::malformed_input,
                      d.unit.one + " '" + s->qids[i] + "' is in cluster '" + it->second.first + "' for '" + it->second.second + "' and in '" + s->clusters[i] + "' for '" + s->system + "'");
      }
    }
    for (const auto& q : d.qids) d.clusters.push_back(cluster_of.at(q).first);
  }
  d.board = BoardMatrix(k, kept.size());
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < kept.size(); ++j) d.board.at(i, j) = value[i * queries + kept[j]];
  return d;
}

}  // namespace

// Series that name no measure (a qid,score file, a bare column) take the other inputs' one measure, or the
// one asked for among several. Of the measure ranked, series that name no dataset (a log on stdin) and no
// system the others have take the others' one dataset; all naming systems the others have, they are a dataset
// of their own (a board beside theirs) when at least 2. Anything else (several datasets to join, known and new
// systems mixed) is not the input's to say: refused, naming them, rather than left off the board.
const std::vector<ScoreSeries>& unnamed_joined(const std::vector<ScoreSeries>& series, const std::string& wanted, std::vector<ScoreSeries>& storage) {
  const std::vector<std::string> measures = named_only(measures_in(series));
  std::vector<const ScoreSeries*> no_measure;
  for (const auto& s : series)
    if (s.measure.empty()) no_measure.push_back(&s);
  const bool rename_measure = !no_measure.empty() && !measures.empty();
  std::string measure;  // the one the series without one take
  if (rename_measure) {
    if (measures.size() == 1) measure = measures[0];
    else if (std::find(measures.begin(), measures.end(), wanted) != measures.end()) measure = wanted;
    else {
      Error e("measure", ErrorKind::choose_one,
              "the scores of " + systems_in_files(no_measure) + " name no measure (a qid,score table or a column of numbers), and the other inputs hold " +
                  std::to_string(measures.size()) + " (" + names_list(measures) + "); choose the one they are" +
                  (wanted.empty() ? std::string() : " ('" + wanted + "' is not one of them)"));
      e.choices = measures;
      throw e;
    }
  }
  const auto measure_of_series = [&](const ScoreSeries& s) -> const std::string& { return s.measure.empty() ? measure : s.measure; };
  // Several measures and none chosen: measure_of refuses that, with no dataset to settle first.
  const std::string ranked = !wanted.empty() ? wanted : rename_measure ? measure : measures.size() == 1 ? measures[0] : std::string();
  std::vector<std::string> datasets;
  std::set<std::string> systems;
  std::vector<const ScoreSeries*> no_dataset;
  if (measures.size() <= 1 || !ranked.empty())
    for (const auto& s : series) {
      if (measure_of_series(s) != ranked) continue;
      if (s.dataset.empty()) no_dataset.push_back(&s);
      else {
        if (std::find(datasets.begin(), datasets.end(), s.dataset) == datasets.end()) datasets.push_back(s.dataset);
        systems.insert(s.system);
      }
    }
  std::vector<const ScoreSeries*> known, fresh;
  for (const ScoreSeries* x : no_dataset) (systems.count(x->system) ? known : fresh).push_back(x);
  if (!known.empty() && !fresh.empty())
    throw Error("scores", ErrorKind::not_in_input,
                "the scores of " + systems_in_files(no_dataset) + " name no dataset (task), and of their systems some are in the other inputs' datasets (" + names_list(datasets) +
                    ") and some are not (" + systems_in_files(fresh) +
                    "): whether they are one more dataset or more systems of those is not the input's to say; give them with a dataset column, or as files whose names say their task");
  if (!known.empty()) {
    std::set<std::string> own;
    for (const ScoreSeries* x : known) own.insert(x->system);
    if (own.size() < 2)
      throw Error("scores", ErrorKind::not_enough_data,
                  "the scores of " + systems_in_files(known) + " name no dataset (task), and " + *own.begin() + " is already in " + names_list(datasets) +
                      ": a dataset of their own needs at least 2 systems; give them with a dataset column, or as a file whose name says its task");
  }
  const bool rename_dataset = !fresh.empty() && !datasets.empty();
  if (rename_dataset && datasets.size() > 1)
    throw Error("scores", ErrorKind::not_in_input,
                "the scores of " + systems_in_files(no_dataset) + " name no dataset (task), and the other inputs hold " + std::to_string(datasets.size()) + " (" + names_list(datasets) +
                    "); give them as a file whose name says its task (lm-eval's samples_<task>_<time>.jsonl) or as a table with a dataset column, or rank one dataset's scores");
  if (!rename_measure && !rename_dataset) return series;
  storage = series;
  for (auto& s : storage) {
    if (rename_dataset && s.dataset.empty() && measure_of_series(s) == ranked) s.dataset = datasets[0];
    if (rename_measure && s.measure.empty()) s.measure = measure;
  }
  return storage;
}

std::vector<std::string> measures_in(const std::vector<ScoreSeries>& series) {
  std::vector<std::string> measures;
  for (const auto& s : series)
    if (std::find(measures.begin(), measures.end(), s.measure) == measures.end()) measures.push_back(s.measure);
  return measures;
}

std::vector<std::string> named_only(std::vector<std::string> measures) {
  std::erase(measures, std::string());
  return measures;
}

std::string measure_of(const std::vector<std::string>& measures, const std::string& wanted) {
  if (!wanted.empty()) {
    refuse_if_measures_unnamed(wanted, measures);
    if (std::find(measures.begin(), measures.end(), wanted) == measures.end()) {
      Error e("measure", ErrorKind::not_in_input, "'" + wanted + "' is not in the input (it has " + names_list(measures) + ")", wanted);
      e.choices = measures;
      throw e;
    }
    return wanted;
  }
  if (measures.size() > 1) {
    Error e("measure", ErrorKind::choose_one, "the input holds " + std::to_string(measures.size()) + " measures (" + names_list(measures) + "); choose one");
    e.choices = measures;
    throw e;
  }
  return measures.empty() ? std::string() : measures.front();
}

void check_size(const DatasetScores& d) {
  const std::size_t k = d.board.systems(), n = d.board.queries();
  if (k < 2) throw Error("scores", ErrorKind::not_enough_data, "a leaderboard needs at least 2 systems" + (d.dataset.empty() ? std::string() : " (dataset '" + d.dataset + "' has " + std::to_string(k) + ")"));
  if (n < 2) throw Error("scores", ErrorKind::not_enough_data, "a leaderboard needs at least 2 shared " + d.unit.many + (d.dataset.empty() ? std::string() : " (dataset '" + d.dataset + "' has " + std::to_string(n) + ")"));
}

// Every pair once, A before B in input order.
std::vector<std::pair<std::size_t, std::size_t>> pairs_of(std::size_t k) {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = i + 1; j < k; ++j) pairs.emplace_back(i, j);
  return pairs;
}

// Every dataset's board of the chosen measure, in input order.
std::vector<DatasetScores> boards_of(const std::vector<ScoreSeries>& series, const std::string& m, MissingPolicy missing) {
  std::vector<std::string> datasets;
  std::map<std::string, std::vector<const ScoreSeries*>> rows;
  for (const auto& s : series) {
    if (s.measure != m) continue;
    if (!rows.count(s.dataset)) datasets.push_back(s.dataset);
    rows[s.dataset].push_back(&s);
  }
  std::vector<DatasetScores> sets;
  for (const auto& d : datasets) sets.push_back(board_of(d, rows[d], missing));
  return sets;
}

bool per_dataset_only(const std::vector<DatasetScores>& sets) {
  return std::all_of(sets.begin(), sets.end(), [](const DatasetScores& d) { return d.board.queries() == 1; });
}

}  // namespace pairpower::detail
