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

/** CPU seconds of the live processes below `root` (a browser this process launched and its helpers). */
export function descendantsCpu(root = process.pid) {
  const parent = new Map();
  const used = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const f = statOf(pid);
      parent.set(pid, f[1]);
      used.set(pid, (Number(f[11]) + Number(f[12])) / ticks);  // utime, stime
    } catch {
      // gone between the listing and the read
    }
  }
  const below = (pid) => {
    for (let p = parent.get(pid); p && p !== '0'; p = parent.get(p)) if (p === String(root)) return true;
    return false;
  };
  let total = 0;
  for (const [pid, cpu] of used) if (below(pid)) total += cpu;
  return total;
}
