// lm-eval names a run's model in the results file it writes beside the run's samples files;
// the CLI, an archive of its output folder and a folder chosen in the page read it the same way.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/input/score_input.hpp"

using namespace pairpower;

namespace {

const std::string logs = std::string(PAIRPOWER_FIXTURES_DIR) + "/logs/lm_eval/";
const std::string a_time = "2026-11-27T01-59-41.005071", b_time = "2026-11-27T01-59-56.571441";

// dummy-a's and dummy-b's files as an archive would list them, their folders renamed run-1 and run-2.
std::vector<ArchiveEntry> renamed_output(bool with_results) {
  std::vector<ArchiveEntry> out;
  for (const auto& [from, to, time] : {std::tuple{"dummy-a", "run-1", a_time}, std::tuple{"dummy-b", "run-2", b_time}}) {
    for (const char* task : {"arith_sum", "arith_diff"}) {
      const std::string name = std::string("samples_") + task + "_" + time + ".jsonl";
      out.push_back({std::string(to) + "/" + name, test::slurp(logs + from + "/" + name)});
    }
    if (with_results) out.push_back({std::string(to) + "/results_" + time + ".json", test::slurp(logs + from + "/results_" + time + ".json")});
  }
  return out;
}

std::set<std::string> systems_of(const ScoreFile& f) {
  std::set<std::string> s;
  for (const auto& x : f.series) s.insert(x.system);
  return s;
}

}  // namespace

TEST_CASE("a samples file's results file is the one lm-eval writes beside it with the same timestamp", "[lm_eval][input]") {
  CHECK(lm_eval_results_path("out/dummy-a/samples_arith_sum_" + a_time + ".jsonl") == "out/dummy-a/results_" + a_time + ".json");
  CHECK(lm_eval_results_path("samples_arith_sum_" + a_time + ".jsonl.gz") == "results_" + a_time + ".json");
  CHECK(lm_eval_results_path("samples_arith_sum_" + a_time) == "results_" + a_time + ".json");
  CHECK(lm_eval_results_path("runs/bm25.txt").empty());
  CHECK(lm_eval_results_path("samples_arith_sum.jsonl").empty());
  CHECK(is_lm_eval_results("dummy-a/results_" + a_time + ".json"));
  CHECK_FALSE(is_lm_eval_results("results.json"));
  CHECK_FALSE(is_lm_eval_results("results_latest.json"));
  CHECK_FALSE(is_lm_eval_results("dummy-a/samples_arith_sum_" + a_time + ".jsonl"));
}

TEST_CASE("a results file's model_name names the model, and a file without one names none", "[lm_eval][input]") {
  CHECK(lm_eval_model_name(test::slurp(logs + "dummy-b/results_" + b_time + ".json")) == "dummy-b");
  CHECK_FALSE(lm_eval_model_name("{}").has_value());
  CHECK_FALSE(lm_eval_model_name("{\"model_name\": \"\"}").has_value());
  CHECK_FALSE(lm_eval_model_name("not json").has_value());
}

TEST_CASE("an archive of lm-eval's output names each model as its results file does, not by its folder", "[lm_eval][input]") {
  const ScoreFile named = parse_archive(renamed_output(true), {});
  CHECK(named.format == InputFormat::lm_eval_samples);
  CHECK(systems_of(named) == std::set<std::string>{"dummy-a", "dummy-b"});
  std::set<std::string> datasets;
  for (const auto& s : named.series) datasets.insert(s.dataset);
  CHECK(datasets == std::set<std::string>{"arith_sum", "arith_diff"});
  // Without the results files the folders name the models.
  CHECK(systems_of(parse_archive(renamed_output(false), {})) == std::set<std::string>{"run-1", "run-2"});
  // An archive held in a box (place "A") keeps its files' own names, even without folders.
  std::vector<ArchiveEntry> flat;
  for (auto& e : renamed_output(false))
    if (e.name.find("arith_diff") != std::string::npos) flat.push_back({e.name.substr(e.name.find('/') + 1), e.text});
  CHECK(systems_of(parse_archive(flat, {.place_name = "A"})) ==
        std::set<std::string>{"samples_arith_diff_" + a_time, "samples_arith_diff_" + b_time});
}

TEST_CASE("a samples file without a folder is named by its place among the inputs, not by its file name", "[lm_eval][input]") {
  const std::string name = "samples_arith_diff_" + a_time;
  const std::string text = test::slurp(logs + "dummy-a/" + name + ".jsonl");
  ReadOptions o{.system_name = name, .source_path = name + ".jsonl", .place_name = "B"};
  const ScoreFile lone = parse_scores(text, InputFormat::auto_detect, o);
  CHECK(systems_of(lone) == std::set<std::string>{"B"});
  CHECK(lone.series.front().dataset == "arith_diff");
  // In a folder, the folder names the model (as lm-eval names its output folders), whatever the place.
  o.source_path = "google__gemma-2b/" + name + ".jsonl";
  CHECK(systems_of(parse_scores(text, InputFormat::auto_detect, o)) == std::set<std::string>{"google__gemma-2b"});
  // Without a place (a leaderboard's list of files), the file's name is all there is.
  o.source_path = name + ".jsonl", o.place_name.clear();
  CHECK(systems_of(parse_scores(text, InputFormat::auto_detect, o)) == std::set<std::string>{name});
}

TEST_CASE("a file's label is its name without folders or its last extension", "[input]") {
  CHECK(file_label("runs/bm25.txt", "A") == "bm25");
  CHECK(file_label("C:\\runs\\dense.tsv", "A") == "dense");
  CHECK(file_label("model/samples_x.jsonl.gz", "A") == "samples_x.jsonl");
  CHECK(file_label(".hidden", "A") == ".hidden");
  CHECK(file_label("folder/", "A") == "A");
}

TEST_CASE("readers sharing a list of files each read every parts-th one, and every one reads the results files", "[lm_eval][input]") {
  const std::vector<std::string> paths{"out/m1/results_2026-01-16T20-19-39.102073.json", "out/m1/samples_arith_2026-01-16T20-19-39.102073.jsonl",
                                       "out/m2/results_2026-01-17T08-00-00.000001.json", "out/m2/samples_arith_2026-01-17T08-00-00.000001.jsonl",
                                       "bm25.txt"};
  // The files that hold scores are dealt in turn (1, 3, 4 here), so the parts read as many each.
  CHECK(input_share(paths, 0, 2) == std::vector<std::size_t>{0, 1, 2, 4});
  CHECK(input_share(paths, 1, 2) == std::vector<std::size_t>{0, 2, 3});
  CHECK(input_share(paths, 0, 1) == std::vector<std::size_t>{0, 1, 2, 3, 4});
  // Every file that holds scores is read by exactly one part.
  for (const unsigned parts : {1u, 2u, 3u, 7u}) {
    std::vector<int> readers(paths.size(), 0);
    for (unsigned part = 0; part < parts; ++part)
      for (const std::size_t i : input_share(paths, part, parts)) ++readers[i];
    for (std::size_t i = 0; i < paths.size(); ++i) CHECK(readers[i] == (is_lm_eval_results(paths[i]) ? static_cast<int>(parts) : 1));
  }
  CHECK_THROWS_AS(input_share(paths, 2, 2), Error);
}

TEST_CASE("in a folder of HELM output only the per_instance_stats.json files hold scores", "[helm][input]") {
  const std::vector<std::string> helm{"v1/runs.json", "v1/xstest:model=a/run_spec.json", "v1/xstest:model=a/per_instance_stats.json",
                                      "v1/xstest:model=a/scenario_state.json", "v1/xstest:model=b/per_instance_stats.json", "v1/xstest:model=b/stats.json"};
  CHECK(holds_scores(helm) == std::vector<bool>{false, false, true, false, true, false});
  CHECK(input_share(helm, 0, 2) == std::vector<std::size_t>{2});
  CHECK(input_share(helm, 1, 2) == std::vector<std::size_t>{4});
  // Without HELM's per-instance files every file but lm-eval's results files is read, and a stray one is refused as it is.
  CHECK(holds_scores({"m/results_2026-01-16T20-19-39.102073.json", "m/samples_x_2026-01-16T20-19-39.102073.jsonl", "m/stats.json"}) ==
        std::vector<bool>{false, true, true});
  CHECK(holds_scores({"my_per_instance_stats.json"}) == std::vector<bool>{true});
}
