// Benchmarks' CPU accounting from Linux's /proc: what a native run and a page cost in CPU seconds,
// beside their wall time. On C cores a run's wall time is at least its CPU / C, so a page's CPU / C
// against native's wall bounds page/native from below, whatever the scheduling.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

// Fields of a /proc stat file after the command's name, which may hold spaces: state is the first.
function statOf(path) {
  const text = readFileSync(`/proc/${path}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}
const seconds = (f, fields) => fields.reduce((sum, i) => sum + Number(f[i]), 0) / ticks;
const UTIME = 11, STIME = 12, CUTIME = 13, CSTIME = 14;

/** CPU seconds of the children this process has waited for (a finished execFileSync's included). */
export function waitedChildrenCpu() {
  return seconds(statOf('self'), [CUTIME, CSTIME]);
}

/**
 * The CPU seconds so far of the live processes below `root` (a browser this process launched and its
 * helpers): by process (its threads', ended ones too, and its waited-for children's), and by thread,
 * labelled "process type: thread name" (Chromium's --type, "browser" for its first process; Linux's
 * 15-character thread names).
 */
export function descendantsCpu(root = process.pid) {
  const parent = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      parent.set(pid, statOf(pid)[1]);
    } catch {
      // gone between the listing and the read
    }
  }
  const below = (pid) => {
    for (let p = parent.get(pid); p && p !== '0'; p = parent.get(p)) if (p === String(root)) return true;
    return false;
  };
  const processes = new Map();
  const threads = new Map();
  for (const pid of parent.keys()) {
    if (!below(pid)) continue;
    try {
      const type = readFileSync(`/proc/${pid}/cmdline`, 'utf8').match(/--type=([a-z-]+)/)?.[1] ?? 'browser';
      processes.set(pid, seconds(statOf(pid), [UTIME, STIME, CUTIME, CSTIME]));
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const label = `${type}: ${text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'))}`;
        threads.set(`${pid}/${tid}`, { label, seconds: seconds(statOf(`${pid}/task/${tid}`), [UTIME, STIME]) });
      }
    } catch {
      // gone meanwhile
    }
  }
  return { processes, threads };
}

/**
 * What the processes and threads of `after` spent since `before` (descendantsCpu's answers): the total
 * over processes alive at the end (one that ended within counts through its parent's waited-for
 * children, wholly), and the threads' seconds summed by label.
 */
export function cpuSince(before, after) {
  let total = 0;
  for (const [pid, s] of after.processes) total += s - (before.processes.get(pid) ?? 0);
  const byLabel = new Map();
  for (const [key, { label, seconds: s }] of after.threads) byLabel.set(label, (byLabel.get(label) ?? 0) + s - (before.threads.get(key)?.seconds ?? 0));
  return { total, byLabel };
}
