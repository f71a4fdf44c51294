// Medians, percentiles and a bounded latency histogram that worker processes can merge.

export function median(values) {
  const present = values.filter((value) => typeof value === 'number' && Number.isFinite(value));
  if (present.length === 0) return undefined;
  const sorted = [...present].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile (p from 0 to 100) of raw samples. */
export function percentile(values, p) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

export function summarize(values) {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : undefined,
  };
}

// Buckets 2 % wide: values from 1 ns to about 10 minutes in 1,400 counters.
const GROWTH = Math.log(1.02);
const BUCKETS = 1400;

/** Latencies in nanoseconds, counted in logarithmic buckets (2 % resolution), mergeable across processes. */
export class LatencyHistogram {
  counts = new Float64Array(BUCKETS);
  total = 0;

  record(nanoseconds) {
    const bucket = nanoseconds <= 1 ? 0 : Math.min(BUCKETS - 1, Math.round(Math.log(nanoseconds) / GROWTH));
    this.counts[bucket] += 1;
    this.total += 1;
  }

  merge(other) {
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) this.counts[bucket] += other.counts[bucket];
    this.total += other.total;
  }

  /** p from 0 to 100; answers milliseconds. */
  percentileMs(p) {
    if (this.total === 0) return undefined;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      seen += this.counts[bucket];
      if (seen >= rank) return Math.exp(bucket * GROWTH) / 1e6;
    }
    return undefined;
  }

  /** The non-empty buckets, as [bucket, count] pairs. */
  toJSON() {
    const entries = [];
    this.counts.forEach((count, bucket) => count && entries.push([bucket, count]));
    return entries;
  }

  static fromJSON(entries) {
    const histogram = new LatencyHistogram();
    for (const [bucket, count] of entries) {
      histogram.counts[bucket] += count;
      histogram.total += count;
    }
    return histogram;
  }
}

/** Rounds for tables: 3 significant digits, thousands separated. */
export function round(value, digits = 3) {
  if (value === undefined || value === null || Number.isNaN(value)) return undefined;
  if (value === 0) return 0;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const decimals = Math.max(0, digits - 1 - magnitude);
  return Number(value.toFixed(Math.min(decimals, 6)));
}

export function format(value, unit = '') {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'string') return value;
  const rounded = round(value);
  return `${rounded.toLocaleString('en-US', { maximumFractionDigits: 6 })}${unit}`;
}

export function kilobytes(bytes) {
  return bytes === undefined ? undefined : bytes / 1024;
}
