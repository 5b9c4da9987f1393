// Benchmarks' probe of the page's main thread: a 10 ms timer whose longest gap
// beyond 10 ms is the longest stall since the probe was (re)started (a stall
// also counts the time the thread waits for a core), and the Long Tasks API's
// longest task (the page's own work only).
export function startProbe(page) {
  return page.evaluate(() => {
    clearInterval(window.__probe);
    window.__longObserver?.disconnect();
    window.__longest = 0;
    window.__longObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    });
    window.__longObserver.observe({ type: 'longtask' });
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

/** The longest task over 50 ms since the probe was started (0: none). */
export const longestTask = (page) => page.evaluate(() => window.__longest);
