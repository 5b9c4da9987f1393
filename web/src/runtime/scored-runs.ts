// Runs scored in the workers (runtime/worker/runs.ts), as the page hands them
// over and joins them: no worker code here, so the views may import it.
import type { ScoredRun, ScoredRuns, Warning } from '../generated/boundary';
import { withoutGzip } from './read-file';

/** What the page hands over: the files themselves (a File crosses to a worker without copying its bytes). */
export interface RunFiles {
  qrels: File;
  runs: File[];
  /** trec_eval's or ir_measures' name; '' for the registry's default. */
  measure: string;
}

/** One run file scored: its place among the files, its series, trec_eval -q's text of it, its warnings. */
export interface ScoredFile extends ScoredRun {
  index: number;
  measure: string;
  text: string;
  warnings: Warning[];
}

export interface ScoredFiles {
  /** Each run with what scoring it warned of, which the report puts first among its warnings. */
  scored: ScoredRuns;
  /** trec_eval -q's text of the measure, run after run: the per-query table's download. */
  trecEval: string;
}

/** The parts' files joined in file order: the runs as Analyze and the leaderboard read them. */
export function joinScored(files: RunFiles, parts: ScoredFile[][]): ScoredFiles {
  const all = parts.flat().sort((a, b) => a.index - b.index);
  return {
    scored: { measure: all[0]?.measure ?? '', qrels: withoutGzip(files.qrels.name), series: all.map(({ system, qids, values, warnings }) => ({ system, qids, values, warnings })) },
    trecEval: all.map((f) => f.text).join(''),
  };
}
