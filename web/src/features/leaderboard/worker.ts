// The leaderboard's half of the full engine worker: reading the inputs once,
// ranking many systems (leaderboard.hpp) in parts, one per worker, merged in
// one; and a pair's scores as a table for Analyze.
import * as Comlink from 'comlink';
import type { LeaderboardInput, LeaderboardInputs, LeaderboardPart, LeftOutFile, PairTable, PairTableQuery, PairpowerModule, PreparedBoard, RankSettings, ReadInputs, ReadInputsQuery, ReadSeries, ReportOutput } from '../../generated/boundary';
import { unwrap } from '../../runtime/errors';
import { fullEngine, guard, type LoaderApi } from '../../runtime/worker/module';
import type { LeaderboardReport } from './report';
import { reportChecks } from '../../runtime/worker/checks';
import { scoreRunFiles, type Progress } from '../../runtime/worker/runs';
import type { RunFiles, ScoredFile } from '../../runtime/scored-runs';
import { readFileUtf8, utf8Of } from '../../runtime/read-file';
import { seriesBuffers } from './series-buffers';

/**
 * A chosen file and the path that names it (a folder's files keep theirs: lm-eval names a model by its folder);
 * `folder`: the chosen folder it was found in, whose files the core leaves out with a warning when they cannot be read.
 */
export type ChosenFile = { name: string; file: File; folder?: string };

/**
 * A chosen file's bytes, read elsewhere (by the view's reading workers, readers.ts): a worker busy in the
 * wasm takes in none of a file it reads itself meanwhile (the bytes reach a worker through its own thread).
 */
export type FileSource = ((index: number) => Promise<Uint8Array<ArrayBuffer>>) & Comlink.ProxyMarked;

const readOne = async (files: ChosenFile[], index: number, source?: FileSource): Promise<LeaderboardInput> => {
  const { name, folder, file } = files[index];
  try {
    return { name, index, folder, text: source ? await utf8Of(await source(index), file.name) : await readFileUtf8(file) };
  } catch (e) {
    // A file the browser cannot open (a broken gzip or zip): the core decides, as for one it cannot parse.
    return { name, index, folder, text: '', unreadable: (e as Error).message || String(e) };
  }
};
const readAll = (files: ChosenFile[], indices: number[], source?: FileSource) => Promise.all(indices.map((index) => readOne(files, index, source)));

async function readShare(files: ChosenFile[], source: FileSource, how: Omit<ReadInputsQuery, 'inputs'>, part: number, parts: number): Promise<ReadInputs> {
  const m = await fullEngine();
  const { indices, naming } = guard(() => unwrap(m.inputShare({ paths: files.map((f) => f.name), part, parts })));
  const names = await readAll(files, naming, source);
  const scores = indices.filter((i) => !naming.includes(i));
  const series: ReadSeries[] = [];
  const leftOut: LeftOutFile[] = [];
  const warnings: ReadInputs['warnings'] = [];
  const ahead = (k: number) => {
    const r = k < scores.length ? readOne(files, scores[k], source) : null;
    r?.catch(() => undefined);  // awaited in turn; not when an earlier file is refused
    return r;
  };
  // Two files asked for ahead of the one parsed: with one, the reading still falls behind (bench:files).
  const next = [ahead(0), ahead(1)];
  for (let k = 0; next[0]; k++) {
    const input = await next.shift()!;
    next.push(ahead(k + 2));
    const read = guard(() => unwrap(m.readInputs({ ...how, inputs: [...names, input] })));
    series.push(...read.series);
    leftOut.push(...read.leftOut);
    warnings.push(...read.warnings);
  }
  return Comlink.transfer({ series, leftOut, warnings }, seriesBuffers(series));
}

// V8 runs new wasm in its baseline tier and compiles a function's optimised code once it has run a while,
// on the cores the run that made it hot needs (bench:logs traced: ~0.6 s of CPU in a first board of LLM
// logs). A small board while the Leaderboard shows on an idle page spares the user's first ranking that
// phase: 20 models' lm-eval-shaped logs of binary items read, joined, ranked in two parts and merged, its
// report checked (which loads the checks).
function warmUp(m: PairpowerModule): void {
  const record = (model: number, i: number) => JSON.stringify({
    doc_id: i, doc: { question: `What is ${i} + ${model}?`, choices: ['1', '2', '3', '4'], answer: i % 4 }, target: String(i % 4),
    arguments: { gen_args_0: { arg_0: `Question: What is ${i} + ${model}?\nAnswer:`, arg_1: ' 1' } },
    resps: [[['-0.5', 'False']]], filtered_resps: [['-0.5', 'False']], filter: 'none', metrics: ['acc', 'acc_norm'], doc_hash: 'a1', prompt_hash: 'b2',
    acc: (i * 7 + model * 3) % 5 < 3 ? 1 : 0, acc_norm: (i * 5 + model) % 4 < 2 ? 1 : 0,
  });
  const inputs = Array.from({ length: 20 }, (_, s) => ({
    name: `model-${s}/samples_warm_2026-01-01T00-00-00.jsonl`, index: s,
    text: Array.from({ length: 500 }, (_, i) => record(s, i)).join('\n') + '\n',
  }));
  const board = unwrap(m.rankPrepare({ inputs: [], read: [unwrap(m.readInputs({ inputs }))], measure: 'acc' }));
  const settings: RankSettings = { missing: 'error', direction: 'higher', alpha: 0.05, confidence: 0.95, resamples: 1000, bootstrap: 1000, seed: 1 };
  const parts = [0, 1].map((part) => unwrap(m.rankPart({ ...settings, board, part, parts: 2 })));
  reportChecks().checkLeaderboard(JSON.parse(unwrap(m.rankMerge({ ...settings, board, parts })).json));
}

export const leaderboardApi = {
  /** Runs the leaderboard's hot code once on a small board (see warmUp). */
  async warmUpLeaderboard(): Promise<void> {
    warmUp(await fullEngine());
  },
  /** A leaderboard pair's scores as a table for Analyze, with what its runs warned of; chosen files are read here again. */
  async pairTable(q: PairTableQuery, files: ChosenFile[] = []): Promise<PairTable> {
    const m = await fullEngine();
    const inputs = files.length ? await readAll(files, files.map((_, i) => i)) : q.inputs;
    return guard(() => unwrap(m.pairTable({ ...q, inputs })));
  },
  /**
   * This worker's share of the chosen files (the core's inputShare), parsed as `source` reads them: rankPrepare
   * joins the parts. A file is parsed while the page reads the next two, each with the files that name the models.
   */
  async readFilesPart(files: ChosenFile[], source: FileSource, how: Omit<ReadInputsQuery, 'inputs'>, part: number, parts: number): Promise<ReadInputs> {
    // The page's end of `source` is let go when this share is read, or refused (a read still on its way is dropped).
    try {
      return await readShare(files, source, how, part, parts);
    } finally {
      (source as unknown as Comlink.Remote<FileSource>)[Comlink.releaseProxy]();
    }
  },
  /** The inputs read once: the board every part and the merge start from. */
  async rankPrepare(q: LeaderboardInputs): Promise<PreparedBoard> {
    const m = await fullEngine();
    const board = guard(() => unwrap(m.rankPrepare(q)));
    return Comlink.transfer(board, seriesBuffers(board.series));
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
