// The leaderboard's report as the core writes it (leaderboard_report.cpp, the
// CLI's `leaderboard --format json`): one zod schema, from which the type is
// inferred; every report from the worker is checked against it, and
// tests/web/leaderboard_shape.test.ts holds it strictly against the CLI's JSON.
import { z } from 'zod';
import { builtOnFirstUse, checkedShape } from '../../runtime/checked';

// The schema, built on first use (builtOnFirstUse).
function buildSchema() {
  const system = z.strictObject({
    system: z.string(),
    mean: z.number(),
    ci_low: z.number(),
    ci_high: z.number(),
    rank: z.number(),
    rank_set_low: z.number(),
    rank_set_high: z.number(),
    rank_marginal_low: z.number(),
    rank_marginal_high: z.number(),
    tier: z.string(),
    tied_with_best: z.boolean(),
    n_to_separate_next: z.number().nullable(),
  });

  const pair = z.strictObject({
    system_a: z.string(),
    system_b: z.string(),
    delta: z.number(),
    ci_low: z.number(),
    ci_high: z.number(),
    p: z.number(),
    p_se: z.number(),
    p_holm: z.number(),
    p_tukey: z.number(),
    p_tukey_hsd: z.number(),
    significant: z.boolean(),
  });

  const test = z.strictObject({ statistic: z.number(), p: z.number() });

  const board = z.strictObject({
    dataset: z.string(),
    measure: z.string(),
    n: z.number(),
    k: z.number(),
    systems: z.array(system),
    pairs: z.array(pair),
    anova: z.strictObject({ f: z.number(), p: z.number(), ms_residual: z.number() }),
    friedman: test,
    separable_share: z.number(),
    /** 'position' when the inputs were bare columns without query ids: row i of each is one query, said in `note`. */
    paired_by: z.enum(['query id', 'position']),
    note: z.string(),
    /** The registry's id of the test behind `p_tukey`, the tiers and the rank sets (its family_procedures). */
    family_procedure: z.string(),
  });

  const across = z.strictObject({
    datasets: z.number(),
    friedman: test,
    mean_ranks: z.record(z.string(), z.number()),
    critical_difference: z.number(),
    pairs: z.array(z.strictObject({
      system_a: z.string(),
      system_b: z.string(),
      b_better: z.number(),
      b_significantly_better: z.number().nullable(),
      p: z.number(),
      p_holm: z.number(),
    })),
  });

  const leaderboardReport = z.strictObject({
    settings: z.strictObject({
      alpha: z.number(),
      confidence: z.number(),
      resamples: z.number(),
      bootstrap_resamples: z.number(),
      seed: z.number(),
      direction: z.enum(['higher', 'lower']),
      planning_power: z.number(),
    }),
    leaderboards: z.array(board),
    /** What a rank set is, at this α: the core's sentence, the caption of every board's table. */
    rank_set_note: z.string(),
    /** Why an answer may not be trusted (the core's warnings.hpp). */
    warnings: z.array(z.strictObject({ code: z.string(), message: z.string() })),
    across_datasets: across.nullable(),
  });
  return leaderboardReport;
}

/** The report's schema, as the CLI writes it. */
export const leaderboardReport = builtOnFirstUse(buildSchema);

export type LeaderboardReport = z.infer<ReturnType<typeof buildSchema>>;
export type BoardReport = LeaderboardReport['leaderboards'][number];

/** The report from the engine, checked; a mismatch is an internal error, never a silent NaN. */
export function checkLeaderboard(json: unknown): LeaderboardReport {
  return checkedShape(leaderboardReport(), json, 'leaderboard');
}
