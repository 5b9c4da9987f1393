// The floor page: `workers` workers each load the single-thread build as the
// page's pool does; the first plans the run (the core's planWork, so the units
// are the page's), then every worker takes units, two in flight, until all are
// done. Each worker builds its own Beta tables. Query: ?workers=W&ppu=P&spec=JSON
// (the plan spec, with its seed and replicates).
const q = new URLSearchParams(location.search);
const pool = Array.from({ length: Number(q.get('workers')) }, () => new Worker('floor-worker.js'));
pool[0].postMessage({ type: 'plan', spec: q.get('spec'), pairsPerUnit: Number(q.get('ppu')) });
pool[0].addEventListener('message', function planned(e) {
  if (e.data.type !== 'plan') return;
  pool[0].removeEventListener('message', planned);
  performance.mark('floor:monte-carlo-start');
  const { groups, units } = e.data.work;
  let next = 0;
  let left = units.length;
  const give = (w) => {
    if (next >= units.length) return;
    const u = units[next++];
    w.postMessage({ type: 'unit', group: groups[u.group], repBegin: u.repBegin, repEnd: u.repEnd });
  };
  for (const w of pool) {
    w.addEventListener('message', (m) => {
      if (m.data.type !== 'done') return;
      if (--left === 0) {
        performance.mark('floor:done');
        document.getElementById('state').textContent = 'done';
        console.debug('pairpower-floor:done');
      }
      give(w);
    });
    give(w);
    give(w);
  }
});
