// Benchmarks' CPU accounting from Linux's /proc: what a native run and a page cost in CPU
// seconds, beside their wall time. On C cores a run cannot take less wall time than its
// CPU / C, so a page's CPU against native's bounds the page/native ratio whatever the
// scheduling.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

// Fields of /proc/PID/stat after the command's name, which may hold spaces: state is the first.
function statOf(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds of the children this process has waited for (a finished execFileSync's included). */
export function waitedChildrenCpu() {
  const f = statOf('self');
  return (Number(f[13]) + Number(f[14])) / ticks;  // cutime, cstime
}

/**
 * CPU seconds of the live processes below `root` (a browser this process launched and its helpers),
 * thread by thread: a map from "process type: thread name" (Chromium's --type, "browser" for its
 * first process; Linux's 15-character thread names) to seconds. A process that ended is left out.
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
  const out = new Map();
  for (const pid of parent.keys()) {
    if (!below(pid)) continue;
    try {
      const type = readFileSync(`/proc/${pid}/cmdline`, 'utf8').match(/--type=([a-z-]+)/)?.[1] ?? 'browser';
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const key = `${type}: ${text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'))}`;
        const f = statOf(`${pid}/task/${tid}`);
        out.set(key, (out.get(key) ?? 0) + (Number(f[11]) + Number(f[12])) / ticks);  // utime, stime
      }
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The seconds each key gained from `before` to `after` (descendantsCpu's maps), and their sum. */
export function cpuSince(before, after) {
  const gained = new Map();
  for (const [k, v] of after) if (v - (before.get(k) ?? 0) > 0) gained.set(k, v - (before.get(k) ?? 0));
  return { total: [...gained.values()].reduce((a, b) => a + b, 0), gained };
}
