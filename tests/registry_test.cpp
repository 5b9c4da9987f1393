#include "pairpower/registry/registry.hpp"

#include <algorithm>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "pairpower/input/pairing.hpp"
#include "pairpower/registry/paper.hpp"

using namespace pairpower;

TEST_CASE("every registered test, model and format round-trips through its id", "[registry]") {
  for (const auto& t : paired_tests()) CHECK(paired_test_from_string(t.id) == t.test);
  for (const auto& m : score_models()) CHECK(score_model_from_string(m.id) == m.model);
  for (const auto& f : input_formats()) CHECK(input_format_from_string(f.id) == f.format);
  CHECK(paired_tests().size() == 3);
  CHECK(input_formats().size() == 17);
}

TEST_CASE("the model name 'normal' is the paper's clipped model and 'both' is the paper's pair", "[registry]") {
  CHECK(score_model_from_string("normal") == ScoreModel::normal);
  CHECK(score_model_from_string("unclipped") == ScoreModel::unclipped);
  CHECK(models_from_choice("both") == std::vector<ScoreModel>{ScoreModel::normal, ScoreModel::beta_copula});
  CHECK_FALSE(models_from_choice("gamma"));
}

TEST_CASE("the presets are valid grids and the paper preset is the paper's grid", "[registry]") {
  for (const auto& p : presets()) CHECK_NOTHROW(validate(p.spec.grid));
  const GridSpec paper = paper_grid(paper_reps, 1);
  const GridSpec& g = preset("paper").spec.grid;
  CHECK(g.n == paper.n);
  CHECK(g.delta == paper.delta);
  CHECK(g.rho == paper.rho);
  CHECK(g.models == paper.models);
  CHECK(g.reps == paper_reps);
}

TEST_CASE("plan field bounds agree with what the core validates", "[registry]") {
  CHECK(plan_field("rho").bounds.contains(0.99));
  CHECK_FALSE(plan_field("rho").bounds.contains(1));
  CHECK_FALSE(plan_field("rho").bounds.contains(-1));
  CHECK(plan_field("alpha").bounds.contains(1e-10));
  CHECK_FALSE(plan_field("alpha").bounds.contains(0.99e-10));
  // A grid at each count bound validates; one past it does not.
  GridSpec g;
  g.n = {static_cast<std::size_t>(plan_field("n").bounds.min), static_cast<std::size_t>(plan_field("n").bounds.max)};
  g.reps = static_cast<std::uint64_t>(plan_field("reps").bounds.max);
  CHECK_NOTHROW(validate(g));
  g.n = {static_cast<std::size_t>(plan_field("n").bounds.max) + 1};
  CHECK_THROWS(validate(g));
}

TEST_CASE("the registry's JSON lists every fact the page reads", "[registry]") {
  const auto j = registry_json();
  for (const char* key : {"tests", "models", "model_choices", "input_formats", "plan_fields", "plan_rules", "presets", "default_preset",
                          "analyze_settings", "verdicts", "limits", "paper"})
    CHECK(j.contains(key));
  CHECK(j["paper"]["printed"].size() == paper_printed_values().size());
  std::set<std::string> ids;
  for (const auto& f : j["plan_fields"]) ids.insert(f["id"].get<std::string>());
  CHECK(ids.size() == plan_fields().size());
}

TEST_CASE("the missing-id policies are listed in the enum's order, the refusing one first", "[registry]") {
  CHECK(missing_policy_from_string("error") == MissingPolicy::error);
  CHECK(missing_policy_from_string("intersect") == MissingPolicy::intersect);
  CHECK(missing_policy_from_string("zero") == MissingPolicy::zero);
  CHECK_FALSE(missing_policy_from_string("drop"));
  CHECK(std::string(directions()[0].id) == "higher");
}

TEST_CASE("each question in the registry's JSON carries its MDE heading, and the paper answers the two-sided difference question "
          "on its scores at its alpha only",
          "[registry]") {
  const auto j = registry_json();
  REQUIRE(j["questions"].size() == questions().size());
  for (std::size_t i = 0; i < questions().size(); ++i) CHECK(j["questions"][i]["mde_heading"] == mde_heading(questions()[i].kind));
  // By the Plan's field names, as the page's paper column compares them with its spec.
  CHECK(j["paper"]["applies_when"] ==
        nlohmann::ordered_json({{"alternative", "two-sided"}, {"question", "difference"}, {"alpha", 0.05}, {"mean", 0.65}, {"sd", 0.12}}));
  for (const char* field : {"alternative", "question", "alpha", "mean", "sd"})
    CHECK(std::any_of(j["plan_fields"].begin(), j["plan_fields"].end(), [&](const auto& f) { return f["id"] == field; }));
}

TEST_CASE("every correction and family target the registry lists is one the core reads, and the registry lists them all", "[registry]") {
  std::set<std::string> listed;
  for (const auto& c : corrections()) {
    const auto read = correction_from_string(c.id);
    REQUIRE(read.has_value());
    CHECK(to_string(*read) == c.id);
    listed.insert(c.id);
  }
  CHECK(listed == std::set<std::string>{"none", "bonferroni", "holm", "bh"});
  CHECK(correction_from_string(corrections().front().id) == Family{}.correction);
  listed.clear();
  for (const auto& t : family_targets()) {
    const auto read = family_target_from_string(t.id);
    REQUIRE(read.has_value());
    CHECK(to_string(*read) == t.id);
    listed.insert(t.id);
  }
  CHECK(listed == std::set<std::string>{"all", "any"});
  const auto j = registry_json();
  CHECK(j["corrections"].size() == corrections().size());
  CHECK(j["family_targets"].size() == family_targets().size());
}
