// The leaderboard's report as the core writes it (leaderboard_report.cpp, the
// CLI's `leaderboard --format json`): its type and validator come from
// cpp/schema/leaderboard.json; every report from the worker is checked against it,
// and tests/web/leaderboard_shape.test.ts holds it strictly against the CLI's JSON.
import { checkedShape } from '../../runtime/checked';
import type { BoardReport, LeaderboardReport } from '../../generated/boundary';

export type { BoardReport, LeaderboardReport };

/** The report from the engine, checked; a mismatch is an internal error, never a silent NaN. */
export function checkLeaderboard(json: unknown): LeaderboardReport {
  return checkedShape<LeaderboardReport>('LeaderboardReport', json, 'leaderboard');
}
