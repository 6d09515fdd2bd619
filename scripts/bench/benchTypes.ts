// The shape of one benchmark run, as written to .bench/results-<timestamp>.json.
import type { CliResult } from './cliLatency.ts';
import type { EmittedSize } from './emittedSize.ts';
import type { DevMeasure } from './devLatency.ts';
import type { McpMeasure } from './mcpLatency.ts';
import type { Latency } from './stats.ts';
import type { CorpusSummary } from './writeCorpus.ts';

export interface BuildMeasure {
  status: number | null;
  wallMs: number;
  peakTreeRss: number | null;
  peakProcessRss: number | null;
  timeMaxRss: number | null;
  /** User + system CPU time of the build and its children (GNU time), ms: steadier than wall time on a busy machine. */
  cpuMs?: number | null | undefined;
  /** `build: <step> done in Ns` lines of scripts/build.mjs. */
  steps: Array<{ step: string; seconds: number }>;
  /** Phases found in Astro's log by the arrival time of their marker lines (ms). */
  phases: Record<string, number>;
  /** Highest tree RSS sampled inside each phase, bytes. */
  phasePeakRss: Record<string, number>;
  /** Astro's `[content]` log lines (cache cleared? config changed?), first 20. */
  contentLog: string[];
  /** Last lines of output when the build failed. */
  tail?: string | undefined;
}

export interface IslandMeasure {
  /** Files the query page fetched before its first answer (HTML document excluded). */
  payload: { files: Array<{ path: string; bytes: number; gzip: number }>; bytes: number; gzip: number; html: { bytes: number; gzip: number } } | null;
  query: Latency | null;
  pack: Latency | null;
  /** How the timings were taken (which island API or DOM events). */
  method: string;
  error?: string | undefined;
}

export interface SizeRun {
  notes: number;
  seed: number;
  corpus: CorpusSummary;
  /** `kb index` on the folder, a separate process: the indexing cost on its own. */
  index: BuildMeasure | null;
  cold: BuildMeasure | null;
  warm: (BuildMeasure & { editedPath: string }) | null;
  emitted: EmittedSize | null;
  island: IslandMeasure | null;
  cli: CliResult[] | null;
  /** kb mcp over the folder (scripts/bench/mcpLatency.ts). */
  mcp?: McpMeasure | null | undefined;
  /** `kb dev` over the folder: its first note page and a saved edit (scripts/bench/devLatency.ts). */
  dev?: DevMeasure | null | undefined;
  hugo: (BuildMeasure & { version: string; pages: number }) | null;
  /** Pagefind's CLI over Hugo's note pages, after Hugo: the search our build makes, added to Hugo's site. */
  hugoSearch?: (BuildMeasure & { pages: number }) | null | undefined;
  errors: string[];
}

export interface BenchResult {
  startedAt: string;
  machine: { cpus: number; memoryGb: number; node: string; platform: string };
  git: string | undefined;
  /** A `--max-old-space-size` found in NODE_OPTIONS or scripts/build.mjs, else null. */
  heapFlag: string | null;
  command: string;
  runs: SizeRun[];
  /** Each command's time over the pathological folder (scripts/bench/pathologicalFolder.ts), unless skipped. */
  pathological?: { notes: number; bytes: number; times: { command: string; ms: number; status: number | null }[] } | undefined;
}

export type TargetStatus = 'PASS' | 'FAIL' | 'n/a';

export interface TargetRow {
  target: string;
  notes: number;
  measured: string;
  status: TargetStatus;
}
