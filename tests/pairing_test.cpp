#include "pairpower/input/pairing.hpp"

#include "pairpower/leaderboard/leaderboard.hpp"

#include <catch2/catch.hpp>

using namespace pairpower;

namespace {
ScoreFile one(const std::string& text, const char* system) { return parse_scores(text, InputFormat::auto_detect, system); }
}  // namespace

TEST_CASE("two trec_eval files pair by query id, in the first file's order", "[pairing]") {
  const auto a = one("m\t2\t0.2\nm\t1\t0.1\nm\t3\t0.3\n", "A");
  const auto b = one("m\t1\t0.15\nm\t3\t0.35\nm\t2\t0.25\n", "B");
  const auto plan = build_comparisons(a, &b, {}, MissingPolicy::error);
  REQUIRE(plan.samples.size() == 1);
  CHECK(plan.samples[0].qids == std::vector<std::string>{"2", "1", "3"});
  CHECK(plan.samples[0].b == std::vector<double>{0.25, 0.15, 0.35});
}

TEST_CASE("unmatched query ids are an error by default, listed, and otherwise intersected or scored 0", "[pairing]") {
  const auto a = one("m\t1\t0.1\nm\t2\t0.2\nm\t3\t0.3\n", "A");
  const auto b = one("m\t1\t0.15\nm\t2\t0.25\nm\t9\t0.9\n", "B");
  CHECK_THROWS_WITH(build_comparisons(a, &b, {}, MissingPolicy::error), Catch::Contains("1 only in A (3)") && Catch::Contains("1 only in B (9)"));
  // The remedy is the front end's to phrase: the error says which setting decides.
  try {
    build_comparisons(a, &b, {}, MissingPolicy::error);
  } catch (const Error& e) {
    CHECK(e.field == "missing");
    CHECK(e.kind == ErrorKind::unmatched_ids);
  }
  const auto inter = build_comparisons(a, &b, {}, MissingPolicy::intersect);
  CHECK(inter.samples[0].qids.size() == 2);
  CHECK(inter.pairing[0].only_a == 1);
  CHECK(inter.pairing[0].examples_only_b == std::vector<std::string>{"9"});
  const auto zero = build_comparisons(a, &b, {}, MissingPolicy::zero);
  CHECK(zero.samples[0].qids == std::vector<std::string>{"1", "2", "3", "9"});
  CHECK(zero.samples[0].b[2] == 0.0);
  CHECK(zero.samples[0].a[3] == 0.0);
}

TEST_CASE("several measures must be chosen, and each chosen one is compared", "[pairing]") {
  const auto a = one("map\t1\t0.1\nP_10\t1\t0.2\nmap\t2\t0.3\nP_10\t2\t0.4\n", "A");
  const auto b = one("map\t1\t0.2\nP_10\t1\t0.3\nmap\t2\t0.3\nP_10\t2\t0.5\n", "B");
  CHECK_THROWS_WITH(build_comparisons(a, &b, {}, MissingPolicy::error), Catch::Contains("2 measures (map, P_10)"));
  CHECK(build_comparisons(a, &b, {"map", "P_10"}, MissingPolicy::error).samples.size() == 2);
  CHECK_THROWS_WITH(build_comparisons(a, &b, {"ndcg"}, MissingPolicy::error), Catch::Contains("'ndcg' is not in the input"));
}

TEST_CASE("a wide table compares every system against the first, per dataset", "[pairing]") {
  const auto f = one("dataset,qid,bm25,dense,hybrid\nfiqa,1,0.1,0.2,0.3\nfiqa,2,0.2,0.2,0.4\nnq,1,0.5,0.6,0.7\nnq,2,0.1,0.1,0.2\n", "");
  const auto plan = build_comparisons(f, nullptr, {}, MissingPolicy::error);
  REQUIRE(plan.samples.size() == 4);
  CHECK(plan.samples[0].dataset == "fiqa");
  CHECK(plan.samples[0].system_a == "bm25");
  CHECK(plan.samples[1].system_b == "hybrid");
  CHECK_THROWS_WITH(build_comparisons(one("m\t1\t0.1\nm\t2\t0.2\n", "A"), nullptr, {}, MissingPolicy::error), Catch::Contains("one system"));
}

TEST_CASE("measure lists split on commas outside parentheses", "[pairing]") {
  CHECK(split_measure_list("P(rel=2,judged_only=True)@10,nDCG@10") == std::vector<std::string>{"P(rel=2,judged_only=True)@10", "nDCG@10"});
  CHECK(split_measure_list("map, P_10") == std::vector<std::string>{"map", "P_10"});
  CHECK(split_measure_list(",,").empty());
}

TEST_CASE("asking for a measure that is not per query names what is and what is closest", "[pairing]") {
  std::string ta = "map\t1\t0.1\nmap\t2\t0.2\nrelstring\t1\t''1''\nrelstring\t2\t''0''\nmap\tall\t0.15\ngm_map\tall\t0.1\nnum_q\tall\t2\n";
  const auto a = parse_scores(ta, InputFormat::trec_eval, "A");
  const auto b = parse_scores("map\t1\t0.2\nmap\t2\t0.3\n", InputFormat::trec_eval, "B");
  CHECK_THROWS_WITH(build_comparisons(a, &b, {"gm_map"}, MissingPolicy::error), Catch::Contains("per-run summary") && Catch::Contains("closest per-query measure is 'map'"));
  CHECK_THROWS_WITH(build_comparisons(a, &b, {"num_q"}, MissingPolicy::error), Catch::Contains("counts the queries"));
  CHECK_THROWS_WITH(build_comparisons(a, &b, {"relstring"}, MissingPolicy::error), Catch::Contains("holds text"));
  const auto named = parse_scores("map\t1\t0.1\nmap\t2\t0.2\nrunid\tall\tbm25\n", InputFormat::trec_eval, "A");
  CHECK_THROWS_WITH(build_comparisons(named, &b, {"runid"}, MissingPolicy::error), Catch::Contains("'runid' holds text"));
}

TEST_CASE("the not-in-input message lists every measure, or says how many more", "[pairing]") {
  std::string t;
  for (int k = 1; k <= 60; ++k) t += "P_" + std::to_string(k) + "\t1\t0.1\nP_" + std::to_string(k) + "\t2\t0.2\n";
  const auto a = parse_scores(t, InputFormat::trec_eval, "A"), b = parse_scores(t, InputFormat::trec_eval, "B");
  CHECK_THROWS_WITH(build_comparisons(a, &b, {"ndcg"}, MissingPolicy::error), Catch::Contains("it has 60: P_1, P_2") && Catch::Contains("P_40 and 20 more"));
}

TEST_CASE("systems keep their names, and the baseline can be chosen", "[pairing]") {
  const auto table = parse_scores("qid,bm25,dense,splade\n1,0.1,0.2,0.3\n2,0.2,0.3,0.1\n3,0.3,0.1,0.2\n");
  const auto plan = build_comparisons(table, nullptr, {}, MissingPolicy::error, "dense");
  REQUIRE(plan.samples.size() == 2);
  CHECK(plan.samples[0].system_a == "dense");
  CHECK(plan.samples[0].system_b == "bm25");
  CHECK(plan.samples[1].system_b == "splade");
  CHECK_THROWS_WITH(build_comparisons(table, nullptr, {}, MissingPolicy::error, "colbert"), Catch::Contains("'colbert' is not a system"));
  const auto a = parse_scores("map\t1\t0.1\nmap\t2\t0.2\n", InputFormat::trec_eval, "bm25");
  const auto b = parse_scores("map\t1\t0.2\nmap\t2\t0.3\n", InputFormat::trec_eval, "dense");
  const auto two = build_comparisons(a, &b, {}, MissingPolicy::error, "dense");
  CHECK(two.samples[0].system_a == "dense");
  CHECK(two.samples[0].a == std::vector<double>{0.2, 0.3});
  const auto same = parse_scores("map\t1\t0.2\nmap\t2\t0.3\n", InputFormat::trec_eval, "bm25");
  const auto dup = build_comparisons(a, &same, {}, MissingPolicy::error);
  CHECK(dup.samples[0].system_a == "bm25 (A)");
  CHECK(dup.samples[0].system_b == "bm25 (B)");
}

TEST_CASE("with two files a measure must be in both, and all means the common ones that are not counts", "[pairing]") {
  const auto a = parse_scores("num_ret\t1\t100\nmap\t1\t0.1\nP_10\t1\t0.2\nnum_ret\t2\t100\nmap\t2\t0.2\nP_10\t2\t0.1\n", InputFormat::trec_eval, "A");
  const auto b = parse_scores("num_ret\t1\t100\nmap\t1\t0.3\nnum_ret\t2\t100\nmap\t2\t0.1\n", InputFormat::trec_eval, "B");
  CHECK(common_measures(a, &b) == std::vector<std::string>{"num_ret", "map"});
  CHECK(comparable_measures(a, &b) == std::vector<std::string>{"map"});
  CHECK(comparable_measures(a, nullptr) == std::vector<std::string>{"map", "P_10"});
  CHECK_THROWS_WITH(build_comparisons(a, &b, {"P_10"}, MissingPolicy::error), Catch::Contains("'P_10' is in the first file but not in the second"));
  CHECK_THROWS_WITH(build_comparisons(b, &a, {"P_10"}, MissingPolicy::error), Catch::Contains("'P_10' is in the second file but not in the first"));
  const auto c = parse_scores("ndcg\t1\t0.3\nndcg\t2\t0.1\n", InputFormat::trec_eval, "C");
  CHECK_THROWS_WITH(build_comparisons(a, &c, {}, MissingPolicy::error), Catch::Contains("no measure in common"));
}

TEST_CASE("one file per system with qid,score pairs by query id, as the same scores in one wide table do", "[pairing]") {
  const auto a = parse_scores("qid,score\n301,0.45\n302,0.10\n303,0.30\n304,0.22\n", InputFormat::auto_detect, "bm25");
  const auto b = parse_scores("query_id,ndcg\n303,0.35\n301,0.50\n302,0.12\n304,0.20\n", InputFormat::auto_detect, "dense");
  const auto wide = parse_scores("qid,bm25,dense\n301,0.45,0.50\n302,0.10,0.12\n303,0.30,0.35\n304,0.22,0.20\n");
  const auto files = build_comparisons(a, &b, {}, MissingPolicy::error);
  const auto table = build_comparisons(wide, nullptr, {}, MissingPolicy::error);
  REQUIRE(files.samples.size() == 1);
  CHECK(files.samples[0].system_a == "bm25");
  CHECK(files.samples[0].system_b == "dense");
  CHECK(files.samples[0].qids == table.samples[0].qids);
  CHECK(files.samples[0].a == table.samples[0].a);
  CHECK(files.samples[0].b == table.samples[0].b);
  CHECK_FALSE(files.pairing[0].by_position);
  // Unmatched ids are reported as for any other pair of files.
  const auto c = parse_scores("qid,score\n301,0.45\n309,0.10\n", InputFormat::auto_detect, "c");
  CHECK_THROWS_WITH(build_comparisons(a, &c, {}, MissingPolicy::error), Catch::Contains("only in bm25 (302, 303, 304)"));
}

TEST_CASE("bare columns pair by position, only with each other and only when equally long", "[pairing]") {
  const auto a = parse_scores("0.45\n0.10\n0.30\n", InputFormat::auto_detect, "bm25");
  const auto b = parse_scores("0.50\n0.12\n0.35\n", InputFormat::auto_detect, "dense");
  const auto plan = build_comparisons(a, &b, {}, MissingPolicy::error);
  CHECK(plan.pairing[0].by_position);
  CHECK(plan.samples[0].a == std::vector<double>{0.45, 0.10, 0.30});
  CHECK(plan.samples[0].b == std::vector<double>{0.50, 0.12, 0.35});
  const auto shorter = parse_scores("0.50\n0.12\n", InputFormat::auto_detect, "dense");
  CHECK_THROWS_WITH(build_comparisons(a, &shorter, {}, MissingPolicy::error),
                    "bm25 has 3 values and dense has 2; without query ids the scores are paired by position, so both need the same number of rows");
  const auto with_ids = parse_scores("qid,score\n1,0.5\n2,0.1\n3,0.3\n", InputFormat::auto_detect, "dense");
  CHECK_THROWS_WITH(build_comparisons(a, &with_ids, {}, MissingPolicy::error), Catch::Contains("the first input is a column of numbers without query ids"));
  // Two bare columns in one file: positional as well.
  CHECK(build_comparisons(parse_scores("0.5,0.6\n0.4,0.41\n"), nullptr, {}, MissingPolicy::error).pairing[0].by_position);
}

TEST_CASE("two headerless numeric files say how to mark one system's query ids", "[pairing]") {
  // Whole numbers first could be query ids: the reading itself asks for the header.
  CHECK_THROWS_WITH(parse_scores("301,0.45\n302,0.10\n", InputFormat::auto_detect, "a"), Catch::Contains("add the header qid,score"));
  // Two systems' scores in each file: one system per file is wanted.
  const auto a = parse_scores("0.3,0.45\n0.2,0.10\n", InputFormat::auto_detect, "a");
  const auto b = parse_scores("0.3,0.50\n0.2,0.12\n", InputFormat::auto_detect, "b");
  CHECK_THROWS_WITH(build_comparisons(a, &b, {}, MissingPolicy::error), Catch::Contains("add the header qid,score"));
}

TEST_CASE("a qid,score file beside a qid,ndcg file is compared on ndcg, in either order", "[pairing]") {
  const auto a = parse_scores("qid,ndcg\nq1,0.5\nq2,1.7\nq3,0.3\n", InputFormat::auto_detect, "bm25");
  const auto b = parse_scores("qid,score\nq1,0.55\nq2,0.42\nq3,0.35\n", InputFormat::auto_detect, "dense");
  for (const auto& [first, second] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
    const auto plan = build_comparisons(*first, second, {}, MissingPolicy::error);
    REQUIRE(plan.samples.size() == 1);
    CHECK(plan.samples[0].measure == "ndcg");
    CHECK(plan.samples[0].qids.size() == 3);
  }
}

TEST_CASE("an input holding one system's scores twice for a dataset and measure is refused, not one of them taken", "[pairing]") {
  // Two trec_eval outputs of one run tag, as a folder holding a run and its copy gives them.
  const std::string run = "map\t1\t0.30\nmap\t2\t0.40\nmap\t3\t0.50\n";
  ScoreFile twice = one("runid\tall\tbm25\n" + run, "A");
  append_scores(twice, one("runid\tall\tbm25\n" + run, "A"));
  const ScoreFile other = one("runid\tall\tdense\n" + run, "B");
  CHECK_THROWS_WITH(build_comparisons(other, &twice, {}, MissingPolicy::error), "system 'bm25' appears twice for map; give each run its own name, or leave one of them out");
  CHECK_THROWS_WITH(build_comparisons(twice, &other, {}, MissingPolicy::error), Catch::Contains("'bm25' appears twice"));
  ScoreFile table = twice;
  append_scores(table, one("runid\tall\tdense\n" + run, "B"));
  CHECK_THROWS_WITH(build_comparisons(table, nullptr, {}, MissingPolicy::error), Catch::Contains("'bm25' appears twice"));
}

TEST_CASE("a system given twice is refused naming the files that hold it", "[pairing]") {
  const std::string run = "map\t1\t0.30\nmap\t2\t0.40\n";
  const auto read = [](const std::string& text, const std::string& path) {
    ReadOptions o;
    o.source_path = path;
    return parse_scores(text, InputFormat::auto_detect, o);
  };
  ScoreFile twice = read("runid\tall\tbm25\n" + run, "runs/bm25.txt");
  append_scores(twice, read("runid\tall\tbm25\n" + run, "runs/copy of bm25.txt"));
  const ScoreFile other = read("runid\tall\tdense\n" + run, "dense.txt");
  CHECK_THROWS_WITH(build_comparisons(other, &twice, {}, MissingPolicy::error),
                    "system 'bm25' appears twice for map (in runs/bm25.txt and in runs/copy of bm25.txt); give each run its own name, or leave one of them out");
}

TEST_CASE("a dataset in one of two inputs only is refused in either order, naming it and the file that holds it", "[pairing]") {
  const ScoreFile task = one("dataset,qid,score\nsum,1,0.3\nsum,2,0.4\n", "bm25");
  const ScoreFile tasks = one("dataset,qid,score\nsum,1,0.5\nsum,2,0.2\ndiff,1,0.1\ndiff,2,0.6\n", "dense");
  const std::string advice = "; give both the same datasets (for LLM-eval logs, the same tasks)";
  CHECK_THROWS_WITH(build_comparisons(task, &tasks, {}, MissingPolicy::error), "dataset 'diff' is in the second input (B) but not in the first (A)" + advice);
  CHECK_THROWS_WITH(build_comparisons(tasks, &task, {}, MissingPolicy::error), "dataset 'diff' is in the first input (A) but not in the second (B)" + advice);
  // With a baseline naming the second input's system the two swap places; the input that holds the dataset is still named.
  CHECK_THROWS_WITH(build_comparisons(task, &tasks, {}, MissingPolicy::error, "dense"), "dataset 'diff' is in the second input (B) but not in the first (A)" + advice);
  CHECK(build_comparisons(task, &task, {}, MissingPolicy::error).samples.size() == 1);
}

TEST_CASE("an input that names no dataset is that dataset beside one, and is refused beside several, in either order", "[pairing]") {
  const ScoreFile unnamed = one("qid,score\n1,0.3\n2,0.4\n", "bm25");
  const ScoreFile task = one("dataset,qid,score\nsum,1,0.5\nsum,2,0.2\n", "dense");
  const ScoreFile tasks = one("dataset,qid,score\nsum,1,0.5\nsum,2,0.2\ndiff,1,0.1\ndiff,2,0.6\n", "dense");
  for (const auto& [a, b] : {std::pair{&unnamed, &task}, std::pair{&task, &unnamed}}) {
    const auto plan = build_comparisons(*a, b, {}, MissingPolicy::error);
    REQUIRE(plan.samples.size() == 1);
    CHECK(plan.samples[0].dataset == "sum");
    CHECK(plan.samples[0].qids.size() == 2);
  }
  const std::string advice = " holds 2 (sum, diff); give that input as a file whose name says its task (lm-eval's samples_<task>_<time>.jsonl) or as a table with a dataset column, or compare it with one dataset's scores";
  CHECK_THROWS_WITH(build_comparisons(unnamed, &tasks, {}, MissingPolicy::error), "the first input (A: bm25) names no dataset (task), and the second (B)" + advice);
  CHECK_THROWS_WITH(build_comparisons(tasks, &unnamed, {}, MissingPolicy::error), "the second input (B: bm25) names no dataset (task), and the first (A)" + advice);
  // A folder given as one input: each of its systems and files is named, none put in another's file.
  ScoreFile folder = one("qid,score\n1,0.3\n2,0.4\n", "a");
  folder.series.push_back(one("qid,score\n1,0.2\n2,0.5\n", "b").series[0]);
  folder.series[0].file = "fold/a.csv";
  folder.series[1].file = "fold/b.csv";
  CHECK_THROWS_WITH(build_comparisons(folder, &tasks, {}, MissingPolicy::error), "the first input (A: a in fold/a.csv; b in fold/b.csv) names no dataset (task), and the second (B)" + advice);
}

TEST_CASE("a qid,score file beside an input of several measures is the measure chosen, and is refused without a choice, in either order", "[pairing]") {
  const ScoreFile plain = one("qid,score\n1,0.3\n2,0.4\n3,0.1\n", "mine");
  const ScoreFile log = one("qid,measure,score\n1,acc,1\n2,acc,0\n3,acc,1\n1,acc_norm,0\n2,acc_norm,0\n3,acc_norm,1\n", "model");
  for (const auto& [a, b] : {std::pair{&plain, &log}, std::pair{&log, &plain}}) {
    const auto plan = build_comparisons(*a, b, {"acc_norm"}, MissingPolicy::error);
    REQUIRE(plan.samples.size() == 1);
    CHECK(plan.samples[0].measure == "acc_norm");
    CHECK(plan.samples[0].qids.size() == 3);
    // No measure chosen, two, or one it cannot be, leave the plain file's one open: neither is taken, and the refusal
    // names the input's side and system, the measures it could be (no empty one) and what was wrong with the choice.
    const bool plain_first = a == &plain;
    const std::string head = std::string("measure: the ") + (plain_first ? "first input (A: mine)" : "second input (B: mine)") +
                             " names no measure (a qid,score table or a column of numbers), and the " + (plain_first ? "second (B)" : "first (A)") +
                             " holds 2 (acc, acc_norm); choose the one " + (plain_first ? "A" : "B") + "'s scores are";
    CHECK_THROWS_WITH(build_comparisons(*a, b, {}, MissingPolicy::error), head);
    CHECK_THROWS_WITH(build_comparisons(*a, b, {"acc", "acc_norm"}, MissingPolicy::error), head + " (one: " + (plain_first ? "A" : "B") + "'s scores are of one measure)");
    CHECK_THROWS_WITH(build_comparisons(*a, b, {"ndcg"}, MissingPolicy::error), head + " ('ndcg' is not one of them)");
  }
}

TEST_CASE("a blank score cell refused as an unmatched id is named with its file and line, in a pair and on a board", "[pairing]") {
  ReadOptions o;
  o.source_path = "runs/wide.csv";
  const auto wide = parse_scores("qid,bm25,dense,splade\nq1,0.5,0.6,0.4\nq2,,0.4,0.3\nq3,0.3,0.35,0.2\nq4,0.3,,0.2\n", InputFormat::auto_detect, o);
  CHECK_THROWS_WITH(build_comparisons(wide, nullptr, {}, MissingPolicy::error),
                    Catch::Contains("1 only in dense (q2); bm25 leaves the score of q2 (runs/wide.csv, line 3) blank"));
  CHECK_THROWS_WITH(leaderboard(wide.series, "", {.resamples = 100, .bootstrap = 100}),
                    Catch::Contains("query 'q4' has no score for dense (its cell is blank: runs/wide.csv, line 5)"));
  // The policies read a blank cell as a missing score (bm25 against dense: q2 and q4 go).
  CHECK(build_comparisons(wide, nullptr, {}, MissingPolicy::intersect).samples[0].qids == std::vector<std::string>{"q1", "q3"});

  // One system's qid,score file with a blank score, against another's full one.
  o.source_path = "a.csv";
  const auto a = parse_scores("qid,score\nq1,0.5\nq2,\nq3,0.3\n", InputFormat::auto_detect, o);
  const auto b = one("qid,score\nq1,0.6\nq2,0.4\nq3,0.35\n", "b");
  CHECK_THROWS_WITH(build_comparisons(a, &b, {}, MissingPolicy::error), Catch::EndsWith("1 only in b (q2); A leaves the score of q2 (a.csv, line 3) blank."));
  // A missing id, not a blank cell, names no cell.
  const auto c = one("qid,score\nq1,0.5\nq3,0.3\n", "c");
  CHECK_THROWS_WITH(build_comparisons(c, &b, {}, MissingPolicy::error), Catch::EndsWith("1 only in b (q2)."));
}

TEST_CASE("a blank row among a column of numbers is refused at its line, since pairing by position would shift every later row", "[pairing]") {
  CHECK_THROWS_WITH(one("0.5\n0.4\n\n0.3\n", "A"), Catch::Contains("line 3: a blank row among the values"));
  CHECK_THROWS_WITH(one("ndcg\n0.5\n\n\n0.3\n", "A"), Catch::Contains("line 3: a blank row among the values"));
  // Blank lines before the first value or after the last shift nothing.
  CHECK(one("\n0.5\n0.4\n\n\n", "A").series[0].values == std::vector<double>{0.5, 0.4});
  CHECK(one("ndcg\n\n0.5\n0.4\n", "A").series[0].values == std::vector<double>{0.5, 0.4});
}
