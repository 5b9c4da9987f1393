#pragma once
// A pilot's two systems, read as compare reads its inputs: the pilot model of
// simulate resamples their differences; power, samplesize and mde plan from
// their spread, discordant shares and clusters (pilot_estimates.hpp).
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "input_files.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/power/pilot_estimates.hpp"

namespace pairpower::cli {

/// One pair of systems, one measure and one dataset from --pilot FILE (two systems) or --pilot A --pilot B;
/// a pilot of several comparisons, or a --pilot-measure or --pilot-dataset it lacks, is a UsageError naming
/// the flag. A file left out of a folder given as the pilot is one of `warnings`.
PairedSample read_pilot_sample(const std::vector<std::string>& files, const Flag& measure, const Flag& dataset, const Flag& missing,
                               const Flag& input_format, const std::string& cluster_field, InputWarnings& warnings);

/// What a command does with its pilot: plan from its estimates (power, samplesize, mde), or resample its
/// differences (simulate's pilot model, which draws items independently, so it takes no --cluster).
enum class PilotUse { estimates, model };

/// --pilot, --pilot-measure, --pilot-dataset, --missing, --input-format and, for estimates, --cluster: one
/// wording for every command that reads a pilot.
void add_pilot_flags(CLI::App& app, PilotFlags& f, PilotUse use);

/// A flag that only reads the pilot files, given without --pilot, is a UsageError naming it.
void refuse_pilot_flags_without_files(const PilotFlags& f);

/// The estimates from the pilot flags; pilot-only flags without --pilot are a UsageError.
std::optional<PilotEstimates> read_pilot_estimates(const PilotFlags& f, InputWarnings& warnings);

/// "Pilot: 500 items in 100 clusters (design effect 1.8, ICC 0.2); Δ = …, σ_d = …; accuracy A …".
std::string pilot_text(const PilotEstimates& e);

}  // namespace pairpower::cli
