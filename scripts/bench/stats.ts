// Order statistics for latency samples (nearest rank: p95 of 20 samples is the 19th smallest).

export interface Latency {
  samples: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summarise(samplesMs: readonly number[]): Latency {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    samples: sorted.length,
    medianMs: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  };
}
