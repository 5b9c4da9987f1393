// Workers that only read the chosen files' bytes for the parsing workers, which take in nothing while
// their wasm runs. The page's thread could read for them, but these cost the page less CPU on the two
// cores the parsing needs too (BENCHMARKS.md, the LLM-log leaderboard).
import * as Comlink from 'comlink';
import { orFailure } from '../../runtime/engines';
import type { ReaderApi } from './reader.worker';
import ReaderWorker from './reader.worker?worker&inline';

export type FileReaders = {
  /** A file's bytes, by whichever reader's turn it is. */
  bytes(file: File): Promise<Uint8Array<ArrayBuffer>>;
  stop(): void;
};

export function startReaders(count: number): FileReaders {
  const workers = Array.from({ length: count }, () => new ReaderWorker());
  const remotes = workers.map((w) => Comlink.wrap<ReaderApi>(w));
  // A reader that dies answers no call, nor does a stopped one: the reads still waiting then fail, naming why.
  let fail: (e: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);
  for (const w of workers)
    w.addEventListener('error', (e: ErrorEvent) => {
      e.preventDefault();
      fail(new Error(`a worker reading the files stopped (${e.message || 'it crashed'})`));
    });
  let turn = 0;
  return {
    bytes: (file) => orFailure({ failure: failed }, remotes[turn++ % remotes.length].bytes(file)),
    stop: () => {
      fail(new Error('the files are no longer being read'));
      workers.forEach((w) => w.terminate());
    },
  };
}
