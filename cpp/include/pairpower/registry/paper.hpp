#pragma once
// The seed paper ("How Many Test Pairs Do You Need?"): its grid and the values
// it prints, so that our results can be set beside them.
//
// Example:
//   auto g = pairpower::paper_grid(1000, 42);
//   for (const auto& v : pairpower::paper_printed_values()) { … v.power … }
#include <cstdint>
#include <optional>
#include <span>

#include "pairpower/simulation/monte_carlo.hpp"

namespace pairpower {

/// N ∈ {50,100,200,500,1000} × δ ∈ {0,.01,.02,.05,.10} × ρ ∈ {.5,.8,.95} ×
/// {clipped normal, Beta copula} × {t, Wilcoxon}, mean 0.65, SD 0.12, α = 0.05.
GridSpec paper_grid(std::uint64_t reps, std::uint64_t seed);

/// One number printed in the paper (R = 1000 replicates each).
struct PaperValue {
  const char* section;  ///< "4.2", "4.3", "4.5", "4.6", "5.1"
  ScoreModel model;
  PairedTest test;
  std::size_t n;
  double delta;
  double rho;
  double power;
};

std::span<const PaperValue> paper_printed_values() noexcept;

/// How the page and the reports name the seed paper where its values appear.
inline constexpr const char* paper_title = "How Many Test Pairs Do You Need? Statistical Power Analysis for Embedding Model Comparisons";

/// The paper's replicate count.
constexpr std::uint64_t paper_reps = 1000;

/// A printed value is flagged when it lies more than this many standard errors
/// from ours (plus its rounding to three decimals).
constexpr double paper_flag_se = 4;

/// What the paper's values answer: two-sided tests of a difference at its α, on scores of its mean
/// and SD. The registry exports it field by field (the page's paper column asks the same).
struct PaperSetting {
  Alternative alternative;
  Question question;
  double alpha;
  ScoreMarginal marginal;
};
inline constexpr PaperSetting paper_setting{Alternative::two_sided, Question::difference, 0.05, {0.65, 0.12}};

/// Whether a run asks what the paper answered (paper_setting): only then are its printed values set
/// beside ours (the CLI's tables and exports, the page's paper column and checks). Another mean, SD
/// or α gives other powers at the same N, δ and ρ.
bool paper_applies(const GridSpec& g) noexcept;

/// The printed value of a cell, if the paper prints one.
const PaperValue* find_printed(ScoreModel m, PairedTest t, std::size_t n, double delta, double rho) noexcept;

/// A printed value set beside ours: is it beyond paper_flag_se combined
/// binomial SEs (ours at R = reps, the paper's at R = 1000, both at our
/// estimate kept off 0 and 1) of our estimate, and beyond paper_flag_se SEs
/// (R = 1000) of the analytic value (when given)?
struct PaperCheck {
  bool off_ours;
  bool off_analytic;
};
PaperCheck check_printed(double printed, std::uint64_t rejections, std::uint64_t reps, std::optional<double> analytic) noexcept;

}  // namespace pairpower
