// The leaderboard's half of the full engine worker: reading the inputs once,
// ranking many systems (leaderboard.hpp) in parts, one per worker, merged in
// one; and a pair's scores as a table for Analyze.
import * as Comlink from 'comlink';
import type { LeaderboardInputs, LeaderboardPart, PairTableQuery, PreparedBoard, RankSettings, ReportOutput } from '../../generated/boundary';
import { unwrap } from '../../runtime/errors';
import { fullEngine, guard, type LoaderApi } from '../../runtime/worker/module';
import type { LeaderboardReport } from './report';
import { reportChecks } from '../../runtime/worker/checks';
import { scoreRunFiles, type Progress } from '../../runtime/worker/runs';
import type { RunFiles, ScoredFile } from '../../runtime/scored-runs';

export const leaderboardApi = {
  /** A leaderboard pair's scores as a table for Analyze. */
  async pairTable(q: PairTableQuery): Promise<string> {
    const m = await fullEngine();
    return guard(() => unwrap(m.pairTable(q)).text);
  },
  /** The inputs read once: the board every part and the merge start from. */
  async rankPrepare(q: LeaderboardInputs): Promise<PreparedBoard> {
    const m = await fullEngine();
    const board = guard(() => unwrap(m.rankPrepare(q)));
    return Comlink.transfer(board, board.series.map((s) => s.values.buffer) as ArrayBuffer[]);
  },
  /** Every parts-th run file scored here against the qrels (one measure); the view joins the parts and reads them into a board (rankPrepare). */
  async scoreRunsPart(files: RunFiles, part: number, parts: number, progress?: Progress): Promise<ScoredFile[]> {
    const m = await fullEngine();
    const scored = await scoreRunFiles(m, files, progress, part, parts);
    return Comlink.transfer(scored, scored.map((x) => x.values.buffer) as ArrayBuffer[]);
  },
  async rankPart(settings: RankSettings, board: PreparedBoard, part: number, parts: number): Promise<LeaderboardPart> {
    const m = await fullEngine();
    const out = guard(() => unwrap(m.rankPart({ ...settings, board, part, parts })));
    // Handed to the merging worker without a copy.
    return Comlink.transfer(out, out.boards.flatMap((b) => [b.tukey.buffer, b.boot.buffer, b.p.buffer, b.pSe.buffer, b.pHsd.buffer, b.ciLow.buffer, b.ciHigh.buffer]) as ArrayBuffer[]);
  },
  /** The parts merged into the report, checked against its schema; `json` is the CLI's text (the JSON export). */
  async rankMerge(settings: RankSettings, board: PreparedBoard, parts: LeaderboardPart[]): Promise<{ report: LeaderboardReport; json: string; markdown: string; latex: string; csv: string }> {
    const m = await fullEngine();
    const out: ReportOutput = guard(() => unwrap(m.rankMerge({ ...settings, board, parts })));
    const report = reportChecks().checkLeaderboard(JSON.parse(out.json));
    return { report, json: out.json, markdown: out.markdown, latex: out.latex, csv: out.csv };
  },
};

/** The analysis workers' functions, as the leaderboard calls them. */
export type LeaderboardApi = LoaderApi & typeof leaderboardApi;
