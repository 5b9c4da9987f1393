#include <stdexcept>
#include <string>

#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower {

LeaderboardOptions leaderboard_options(const LeaderboardSettings& in) {
  const auto setting = [](std::string_view field) -> const AnalyzeSetting& {
    for (const auto& s : analyze_settings())
      if (field == s.field) return s;
    throw std::logic_error("no Analyze setting " + std::string(field));
  };
  const auto whole = [&](std::string_view field, double v) { return static_cast<std::uint64_t>(checked_setting(setting(field), v)); };
  LeaderboardOptions o;
  if (in.alpha) o.alpha = checked_setting(setting("alpha"), *in.alpha);
  // Intervals at 1 − α unless their confidence is given, as Analyze's (jobs/analyze.hpp).
  if (in.confidence) o.confidence = checked_setting(setting("confidence"), *in.confidence);
  else if (in.alpha && o.alpha < 1) o.confidence = 1 - o.alpha;
  if (in.resamples) o.resamples = whole("resamples", *in.resamples);
  if (in.bootstrap) o.bootstrap = whole("bootstrap_resamples", *in.bootstrap);
  if (in.seed) o.seed = whole("seed", *in.seed);
  if (in.higher_is_better) o.higher_is_better = *in.higher_is_better;
  if (in.missing) o.missing = *in.missing;
  o.threads = in.threads;
  return o;
}

}  // namespace pairpower
