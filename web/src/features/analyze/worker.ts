// Analyze's half of the full engine worker: reading pasted scores and
// analysing them here, so that a 100 000-row paste never stalls the page.
import type { AnalyzeQuery, DetectQuery, Detected } from '../../generated/boundary';
import { unwrap } from '../../runtime/errors';
import { fullEngine, guard, type LoaderApi } from '../../runtime/worker/module';
import { plotData, slimReport, type AnalysisReport, type PlotData } from './report';
import { reportChecks } from '../../runtime/worker/checks';
import { scoreRunFiles, type Progress } from '../../runtime/worker/runs';
import { joinScored, type RunFiles } from '../../runtime/scored-runs';

export interface AnalysisResult {
  report: AnalysisReport;
  plots: PlotData[];
  markdown: string;
  latex: string;
  csv: string;
  /** The report as the CLI writes it (`compare --format json`): the JSON export. */
  json: string;
  /** Per comparison, the per-query differences B − A (asked with `pilots`): a pilot for the Plan's pilot model. */
  pilots: number[][];
  /** Runs analysed: their per-query values as trec_eval -q prints them (what scoring them warned of is in the report). */
  trecEval?: string;
}

export const analyzeApi = {
  async detectScores(q: DetectQuery): Promise<Detected> {
    const m = await fullEngine();
    return guard(() => unwrap(m.detectScores(q)));
  },
  /** Parses, pairs, analyses and prepares the plots, with the report checked against its schema. */
  async analyzeScores(q: AnalyzeQuery): Promise<AnalysisResult> {
    return analyze(q);
  },
  /** Run files scored here against the qrels (one measure), then analysed as analyzeScores analyses a table of them. */
  async analyzeRuns(files: RunFiles, q: AnalyzeQuery, progress?: Progress): Promise<AnalysisResult> {
    const m = await fullEngine();
    const s = joinScored(files, [await scoreRunFiles(m, files, progress)]);
    const result = await analyze({ ...q, textA: '', textB: undefined, measures: [], scored: s.scored });
    return { ...result, trecEval: s.trecEval };
  },
};

async function analyze(q: AnalyzeQuery): Promise<AnalysisResult> {
  const m = await fullEngine();
  const out = guard(() => unwrap(m.analyzeScores(q)));
  const full = reportChecks().checkReport(JSON.parse(out.report));
  const pilots = (out.pilots ?? []).map((d) => Array.from(d));
  return { report: slimReport(full), plots: full.comparisons.map(plotData), pilots, markdown: out.markdown, latex: out.latex, csv: out.csv, json: out.json };
}

/** The analysis worker's functions, as Analyze calls them. */
export type AnalyzeApi = LoaderApi & typeof analyzeApi;
