#include "pairpower/input/measures.hpp"

#include <catch2/catch.hpp>

using namespace pairpower;

TEST_CASE("trec_eval names are known bases with an optional numeric cutoff", "[measures]") {
  for (const char* m : {"map", "P_10", "ndcg_cut_10", "iprec_at_recall_0.00", "Rprec_mult_0.20", "success_1", "recip_rank", "num_ret", "relstring", "gm_map",
                        "11pt_avg", "set_F", "bpref", "runid"})
    CHECK(is_trec_eval_measure(m));
  for (const char* q : {"301", "q1", "P@10", "nDCG@10", "map_x", "P_", "MAP", "1037798"}) CHECK_FALSE(is_trec_eval_measure(q));
}

TEST_CASE("ir_measures names carry their parameters and cutoffs, commas included", "[measures]") {
  for (const char* m : {"nDCG@10", "AP", "RR(rel=2)", "P(rel=2,judged_only=True)@10", "R@100", "Judged@10", "Rprec", "NumRet", "alpha_nDCG(alpha=0.5)@20"})
    CHECK(is_ir_measures_measure(m));
  for (const char* q : {"301", "q1", "map", "P_10", "(x)", "AP@x", "nDCG@"}) CHECK_FALSE(is_ir_measures_measure(q));
}

TEST_CASE("ranx metric names are known bases with @k", "[measures]") {
  for (const char* m : {"ndcg@10", "precision@10", "mrr", "map@100", "recall@1000", "hit_rate@5", "rbp.95", "f1", "precision@10-l2", "mrr-l2"}) CHECK(is_ranx_metric(m));
  for (const char* q : {"301", "q1", "nDCG@10", "precision@", "foo@10"}) CHECK_FALSE(is_ranx_metric(q));
}

TEST_CASE("the preferred measure is never a count, and is the common one when present", "[measures]") {
  CHECK(preferred_measure({"num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "P_10", "ndcg_cut_10"}) == "ndcg_cut_10");
  CHECK(preferred_measure({"num_ret", "num_rel", "num_rel_ret", "map", "P_10"}) == "map");
  CHECK(preferred_measure({"NumRet", "RR(rel=2)", "nDCG@10"}) == "nDCG@10");
  CHECK(preferred_measure({"num_ret", "recall_5"}) == "recall_5");
  CHECK(preferred_measure({}).empty());
  CHECK(is_count_measure("num_rel_ret"));
  CHECK_FALSE(is_count_measure("recall_5"));
}

TEST_CASE("a summary-only geometric mean points to its per-query measure", "[measures]") {
  CHECK(closest_per_query_measure("gm_map") == std::optional<std::string>("map"));
  CHECK(closest_per_query_measure("gm_bpref") == std::optional<std::string>("bpref"));
  CHECK_FALSE(closest_per_query_measure("num_q"));
}
