#include "pairpower/stats/alternative.hpp"

namespace pairpower {

std::string_view to_string(Alternative a) noexcept {
  switch (a) {
#define PAIRPOWER_ALTERNATIVE(e, id, label) \
  case Alternative::e: return id;
#include "pairpower/registry/alternatives.def"
#undef PAIRPOWER_ALTERNATIVE
  }
  return "?";
}

std::optional<Alternative> alternative_from_string(std::string_view s) noexcept {
#define PAIRPOWER_ALTERNATIVE(e, id, label) \
  if (s == id) return Alternative::e;
#include "pairpower/registry/alternatives.def"
#undef PAIRPOWER_ALTERNATIVE
  return std::nullopt;
}

}  // namespace pairpower
