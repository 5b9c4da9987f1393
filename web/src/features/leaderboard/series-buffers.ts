// A board's or a reader's series hold typed arrays; handed on, their buffers move without a copy.
import type { PreparedSeries } from '../../generated/boundary';

/** The buffers of the series' values, query ids and clusters. */
export const seriesBuffers = (series: PreparedSeries[]) =>
  series.flatMap((s) => [s.values, s.qids.bytes, s.qids.ends, ...(s.clusters ? [s.clusters.bytes, s.clusters.ends] : [])].map((a) => a.buffer as ArrayBuffer));
