// A floor worker: the single-thread build, answering plan and unit messages in order.
importScripts('wasm/pairpower-st.js');
const module = createPairpower({ locateFile: (p) => `wasm/${p}` });
self.addEventListener('message', async (e) => {
  const m = await module;
  const d = e.data;
  if (d.type === 'plan') postMessage({ type: 'plan', work: m.planWork(d.spec, d.pairsPerUnit) });
  else postMessage({ type: 'done', counts: m.simulateGroup(d.group, d.repBegin, d.repEnd, 1).counts });
});
