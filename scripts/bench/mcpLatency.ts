// `kb mcp` on the generated folder, as an agent's client runs it: one server (a child process over stdio, the SDK's
// own client), every tool called `runs` times. Startup is spawn → `initialize` answered (and → tools/list); the
// first call waits for the index (loaded in the background through the index cache); later calls answer from
// memory after the folder's stat check (folderStamp, also timed on its own). Then one note is edited and the next
// query and context are timed (they index the folder again; the pack data is rebuilt), and the alternative to the
// stat check, watching the folder (fs.watch, recursive), is timed for the record: its setup and the delay of its event.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync, statSync, utimesSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KbIndex } from '../../src/core/index/kbIndexSchema.ts';
import { countTokens } from '../../src/core/tokens/countTokens.ts';
import { folderStamp } from '../../src/mcp/folderStamp.ts';
import type { SizeRun, TargetRow } from './benchTypes.ts';
import type { QuerySet } from './querySet.ts';
import { fmt } from './report.ts';
import { summarise, type Latency } from './stats.ts';

export interface McpMeasure {
  /** Spawn → `initialize` answered. */
  startupMs: number;
  /** Spawn → `tools/list` answered. */
  toolsListMs: number;
  /** The first query: waits for the index. */
  firstCallMs: number;
  /** Calls after the first, by tool. */
  calls: Record<string, Latency>;
  /** Every call after the first. */
  all: Latency | null;
  /** folderStamp alone, in this process. */
  stamp: Latency;
  /** The largest result seen, in tokens (o200k). */
  maxResultTokens: number;
  /** The calls right after one note was edited: query (indexes again), then context (pack data rebuilt). */
  afterEdit: { queryMs: number; contextMs: number } | null;
  /** Watching instead: fs.watch(recursive) setup, and the delay from the write to its event. */
  watch: { setupMs: number; eventMs: number | null } | null;
  error?: string | undefined;
}

export const MCP_TARGETS = { startupMs: 1000, callP95Ms: 100 } as const;

export async function measureMcp(kbDir: string, set: QuerySet, index: KbIndex, runs: number, today: string, editPath: string): Promise<McpMeasure> {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: ['bin/kb.js', 'mcp', '--kb', kbDir, '--today', today], stderr: 'ignore' });
  const client = new Client({ name: 'kb-bench', version: '1.0.0' });
  const measure: McpMeasure = {
    startupMs: 0,
    toolsListMs: 0,
    firstCallMs: 0,
    calls: {},
    all: null,
    stamp: stampLatency(kbDir),
    maxResultTokens: 0,
    afterEdit: null,
    watch: null,
  };
  try {
    await client.connect(transport);
    measure.startupMs = performance.now() - started;
    await client.listTools();
    measure.toolsListMs = performance.now() - started;
    const call = async (name: string, args: Record<string, unknown>): Promise<number> => {
      const t = performance.now();
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const ms = performance.now() - t;
      if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ')}`);
      measure.maxResultTokens = Math.max(
        measure.maxResultTokens,
        result.content.reduce((n, c) => n + (c.type === 'text' ? countTokens(c.text) : 0), 0),
      );
      return ms;
    };
    measure.firstCallMs = await call('query', { tags: set.queries[0] ?? 'api' });
    const step = Math.max(1, Math.floor(index.notes.length / 5));
    const calls: Record<string, Record<string, unknown>[]> = {
      query: set.queries.map((tags) => ({ tags })),
      search: set.searches.map(searchArgs),
      context: set.packs.map((p) => ({ task: p.task, ...(p.project ? { project: p.project } : {}) })),
      read_note: index.notes.filter((_, i) => i % step === 0).map((n) => ({ path: n.path })),
      list_tags: [{}, { prefix: index.knownTags[0]?.tag.slice(0, 1) ?? 'a' }],
    };
    const every: number[] = [];
    for (const [name, argLists] of Object.entries(calls)) {
      const samples: number[] = [];
      for (let r = 0; r < runs; r++) for (const args of argLists) samples.push(await call(name, args));
      measure.calls[name] = summarise(samples);
      every.push(...samples);
    }
    measure.all = summarise(every);
    measure.afterEdit = await withEdit(join(kbDir, editPath), async () => ({
      queryMs: await call('query', { tags: set.queries[0] ?? 'api' }),
      contextMs: await call('context', calls['context']![0]!),
    }));
    measure.watch = await watchCost(kbDir, join(kbDir, editPath));
  } catch (err) {
    measure.error = (err as Error).message;
  } finally {
    await client.close().catch(() => undefined);
  }
  return measure;
}

/** `kb search` argument lists (`--tag x --category y words`) as the search tool's input. */
function searchArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--tag' || argv[i] === '--category') out[argv[i]!.slice(2)] = argv[++i]!;
    else words.push(argv[i]!);
  }
  if (words.length) out['keyword'] = words.join(' ');
  return out;
}

function stampLatency(kbDir: string): Latency {
  const samples: number[] = [];
  for (let i = 0; i < 11; i++) {
    const t = performance.now();
    folderStamp(kbDir);
    samples.push(performance.now() - t);
  }
  return summarise(samples.slice(1)); // the first warms the file system cache
}

/** Append a paragraph to a note, run fn, then put the note back as it was, mtime included. */
async function withEdit<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const original = readFileSync(file);
  const { atime, mtime } = statSync(file);
  writeFileSync(file, `${original.toString('utf8')}\nEdited by the benchmark: one more paragraph about cache invalidation.\n`);
  try {
    return await fn();
  } finally {
    writeFileSync(file, original);
    utimesSync(file, atime, mtime);
  }
}

async function watchCost(kbDir: string, file: string): Promise<{ setupMs: number; eventMs: number | null }> {
  const t = performance.now();
  let written = 0;
  let eventMs: number | null = null;
  let seen: () => void = () => undefined;
  const event = new Promise<void>((resolve) => (seen = resolve));
  const watcher = watch(kbDir, { recursive: true }, () => {
    if (written && eventMs === null) eventMs = performance.now() - written;
    seen();
  });
  const setupMs = performance.now() - t;
  try {
    await new Promise((r) => setTimeout(r, 200));
    await withEdit(file, async () => {
      written = performance.now();
      await Promise.race([event, new Promise((r) => setTimeout(r, 2000))]);
    });
  } finally {
    watcher.close();
  }
  return { setupMs, eventMs };
}

/** Rows for the measurement table (none when no run measured kb mcp). */
export function mcpTable(runs: readonly SizeRun[]): string {
  const measured = runs.filter((r) => r.mcp);
  if (!measured.length) return '';
  const ms = (x: number) => `${Math.round(x)} ms`;
  const lat = (l: Latency | undefined | null) => (l ? `${l.medianMs.toFixed(1)} / ${l.p95Ms.toFixed(1)} ms` : '–');
  const rows: Array<[string, ...string[]]> = [];
  const add = (label: string, f: (m: McpMeasure) => string) =>
    rows.push([label, ...measured.map((r) => (r.mcp!.error ? `error: ${r.mcp!.error.slice(0, 60)}` : f(r.mcp!)))]);
  add('kb mcp startup: initialize / tools/list', (m) => `${ms(m.startupMs)} / ${ms(m.toolsListMs)}`);
  add('  first call (waits for the index)', (m) => ms(m.firstCallMs));
  for (const tool of ['query', 'search', 'context', 'read_note', 'list_tags']) add(`  ${tool} median / p95`, (m) => lat(m.calls[tool]));
  add('  every call median / p95', (m) => lat(m.all));
  add('  stat check of the folder median / p95', (m) => lat(m.stamp));
  add('  after an edit: query / context', (m) => (m.afterEdit ? `${ms(m.afterEdit.queryMs)} / ${ms(m.afterEdit.contextMs)}` : '–'));
  add('  fs.watch instead: setup / event delay', (m) =>
    m.watch ? `${ms(m.watch.setupMs)} / ${m.watch.eventMs === null ? 'no event' : ms(m.watch.eventMs)}` : '–',
  );
  add('  largest result (tokens)', (m) => fmt(m.maxResultTokens));
  const widths = ['kb mcp (one server, over stdio)', ...measured.map((r) => `${fmt(r.notes)} notes`)].map((h, i) =>
    Math.max(h.length, ...rows.map((r) => r[i]!.length)),
  );
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(['kb mcp (one server, over stdio)', ...measured.map((r) => `${fmt(r.notes)} notes`)]),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

export function mcpTargets(run: SizeRun): TargetRow[] {
  const m = run.mcp;
  if (!m) return [];
  const status = (ok: boolean) => (m.error ? 'FAIL' : ok ? 'PASS' : 'FAIL');
  return [
    {
      target: `kb mcp startup ≤ ${MCP_TARGETS.startupMs} ms`,
      notes: run.notes,
      measured: m.error ?? `${Math.round(m.startupMs)} ms`,
      status: status(m.startupMs <= MCP_TARGETS.startupMs),
    },
    {
      target: `kb mcp call p95 ≤ ${MCP_TARGETS.callP95Ms} ms (after the first)`,
      notes: run.notes,
      measured: m.all ? `${m.all.p95Ms} ms (median ${m.all.medianMs})` : (m.error ?? 'not measured'),
      status: status(!!m.all && m.all.p95Ms <= MCP_TARGETS.callP95Ms),
    },
  ];
}
