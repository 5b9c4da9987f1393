// Run files scored in an engine worker: each read (gzip opened here), scored
// against the qrels by the core (scoreRun, trec_eval 10.0's rules) and dropped
// before the next, so that many large runs need the memory of a few. Several
// workers may share the files (every parts-th one each); the series go to
// Analyze or the leaderboard as `scored`, in place of pasted texts.
import type { PairpowerModule } from '../../generated/boundary';
import type { RunFiles, ScoredFile } from '../scored-runs';
import { unwrap } from '../errors';
import { readFileUtf8, withoutGzip } from '../read-file';
import { guard } from './module';

/** Called after each file is scored, with its name. */
export type Progress = (file: string) => void;

/** Scores the files i with i % parts === part, in order. */
export async function scoreRunFiles(m: PairpowerModule, files: RunFiles, progress?: Progress, part = 0, parts = 1): Promise<ScoredFile[]> {
  if (!files.runs.length) throw new Error('choose one or more run files');
  // Read once here: every run of this worker's share is scored against them.
  const qrels = { name: withoutGzip(files.qrels.name), text: await readFileUtf8(files.qrels) };
  guard(() => unwrap(m.loadQrels(qrels)));
  const out: ScoredFile[] = [];
  // The next files are read while this one is scored: up to three ahead, as a file's pieces come in
  // through this thread's own tasks (between scorings, and only a pipe's worth during one), but no more
  // than 64 MB of them unless it is the very next one (a .gz file counted as 8 times its size, as run
  // files compress).
  const sizeOf = (f: File) => (/\.gz$/i.test(f.name) ? 8 * f.size : f.size);
  const read = (index: number) => {
    const f = files.runs[index];
    const bytes = readFileUtf8(f);
    bytes.catch(() => undefined);  // a read left pending when scoring stops on an error is nobody's failure
    return { size: sizeOf(f), bytes };
  };
  const ahead: ReturnType<typeof read>[] = [];
  let nextRead = part;
  const readAhead = () => {
    while (nextRead < files.runs.length && ahead.length < 3 &&
           (ahead.length === 0 || ahead.reduce((n, a) => n + a.size, 0) + sizeOf(files.runs[nextRead]) <= 64 << 20)) {
      ahead.push(read(nextRead));
      nextRead += parts;
    }
  };
  readAhead();
  for (let index = part; index < files.runs.length; index += parts) {
    const f = files.runs[index];
    const bytes = await ahead.shift()!.bytes;
    readAhead();
    const run = { name: withoutGzip(f.name), text: bytes };
    const r = guard(() => unwrap(m.scoreRun({ run, measure: files.measure || undefined })));
    out.push({ index, system: r.system, measure: r.measure, qids: r.qids, values: r.values, text: r.text, warnings: r.warnings });
    await progress?.(f.name);
  }
  return out;
}
