#pragma once
// The reports' JSON types (compare and leaderboard, as their described types
// write them), for the page's build: `pairpower schema` prints them and
// scripts/gen-schema.mjs turns them, beside cpp/schema/*.json, into the
// TypeScript types and validators.
#include <nlohmann/json.hpp>

namespace pairpower {

/// {"$defs": {TypeName: {"field": "type // doc", "optional?": …}}} in gen-schema.mjs's notation.
nlohmann::ordered_json report_schema();

}  // namespace pairpower
