// Analyze's half of the full engine worker: reading pasted scores and
// analysing them here, so that a 100 000-row paste never stalls the page.
import type { AnalyzeQuery, DetectQuery, Detected } from '../../generated/boundary';
import { unwrap } from '../../runtime/errors';
import { fullEngine, guard, type LoaderApi } from '../../runtime/worker/module';
import { plotData, slimReport, type AnalysisReport, type PlotData } from './report';
import { reportChecks } from '../../runtime/worker/checks';

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
}

export const analyzeApi = {
  async detectScores(q: DetectQuery): Promise<Detected> {
    const m = await fullEngine();
    return guard(() => unwrap(m.detectScores(q)));
  },
  /** Parses, pairs, analyses and prepares the plots, with the report checked against its schema. */
  async analyzeScores(q: AnalyzeQuery): Promise<AnalysisResult> {
    const m = await fullEngine();
    const out = guard(() => unwrap(m.analyzeScores(q)));
    const full = reportChecks().checkReport(JSON.parse(out.report));
    const pilots = (out.pilots ?? []).map((d) => Array.from(d));
    return { report: slimReport(full), plots: full.comparisons.map(plotData), pilots, markdown: out.markdown, latex: out.latex, csv: out.csv, json: out.json };
  },
};

/** The analysis worker's functions, as Analyze calls them. */
export type AnalyzeApi = LoaderApi & typeof analyzeApi;
