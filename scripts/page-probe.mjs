// Benchmarks' probe of the page's main thread: a 10 ms timer whose longest gap
// beyond 10 ms is the longest stall since the probe was (re)started.
export function startProbe(page) {
  return page.evaluate(() => {
    clearInterval(window.__probe);
    window.__lag = 0;
    let last = performance.now();
    window.__probe = setInterval(() => {
      const now = performance.now();
      window.__lag = Math.max(window.__lag, now - last - 10);
      last = now;
    }, 10);
  });
}

/** Stops the probe; the longest stall in ms. */
export const stopProbe = (page) => page.evaluate(() => (clearInterval(window.__probe), window.__lag));
