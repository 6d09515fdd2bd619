// The benchmark's targets (docs/performance.md) checked against one run, and the printed table. Pure: numbers in, text out.
import type { BenchResult, SizeRun, TargetRow, TargetStatus } from './benchTypes.ts';

export const TARGETS = {
  /** A cold build within this many times Hugo's time (the compiled site's issue): below 10,000 notes… */
  hugoRatio: 6,
  /** …and from 10,000 notes. */
  hugoRatioLarge: 4,
  peakRssBytes: 2.5e9,
  /** A warm rebuild after one edit within this share of the cold build. */
  warmShare: 0.2,
  payloadGzipBytes: 300_000,
  queryP95Ms: 10,
  packP95Ms: 50,
  /** A note page's HTML, gzipped (median): the sidebar must not carry the whole tree. */
  notePageGzipBytes: 40_000,
  /** The graph island and what it imports, gzipped, loaded only when a reader opens a graph. */
  graphScriptGzipBytes: 60_000,
} as const;

const verdict = (ok: boolean | undefined): TargetStatus => (ok === undefined ? 'n/a' : ok ? 'PASS' : 'FAIL');

export function evaluateTargets(result: Pick<BenchResult, 'heapFlag' | 'runs'>): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const run of result.runs) {
    const { notes, cold, warm, hugo, island } = run;
    const built = cold?.status === 0;
    const ratio = built && hugo?.status === 0 ? cold.wallMs / hugo.wallMs : undefined;
    const most = notes >= 10_000 ? TARGETS.hugoRatioLarge : TARGETS.hugoRatio;
    rows.push({
      target: `cold build ≤ ${most}× Hugo`,
      notes,
      measured:
        ratio === undefined
          ? !cold
            ? 'not built'
            : !built
              ? 'build failed'
              : hugo
                ? 'hugo failed'
                : 'no hugo'
          : `${ratio.toFixed(1)}× (${secs(cold!.wallMs)} vs ${secs(hugo!.wallMs)})${searchNote(run)}`,
      status: verdict(ratio === undefined ? (cold && cold.status !== 0 ? false : undefined) : ratio <= most),
    });
    rows.push({
      target: 'default Node heap (no --max-old-space-size)',
      notes,
      measured: result.heapFlag ?? 'default heap',
      status: verdict(cold ? built && result.heapFlag === null : undefined),
    });
    rows.push({
      target: `peak RSS < ${gb(TARGETS.peakRssBytes)}`,
      notes,
      measured: cold?.peakTreeRss != null ? `${gb(cold.peakTreeRss)} (tree)` : 'not measured',
      status: verdict(cold?.peakTreeRss != null ? cold.peakTreeRss < TARGETS.peakRssBytes : undefined),
    });
    const warmShare = built && warm?.status === 0 ? warm.wallMs / cold.wallMs : undefined;
    rows.push({
      target: `warm rebuild ≤ ${TARGETS.warmShare * 100}% of cold`,
      notes,
      measured: warmShare === undefined ? 'not measured' : `${(warmShare * 100).toFixed(0)}% (${secs(warm!.wallMs)})`,
      status: verdict(warmShare === undefined ? undefined : warmShare <= TARGETS.warmShare),
    });
    rows.push({
      target: `island first-query payload ≤ ${kb(TARGETS.payloadGzipBytes)} gz`,
      notes,
      measured: island?.payload ? `${kb(island.payload.gzip)} gz (${kb(island.payload.bytes)} raw)` : 'not measured',
      status: verdict(island?.payload ? island.payload.gzip <= TARGETS.payloadGzipBytes : undefined),
    });
    rows.push({
      target: `island query p95 < ${TARGETS.queryP95Ms} ms`,
      notes,
      measured: island?.query ? `${island.query.p95Ms} ms (median ${island.query.medianMs})` : (island?.error ?? 'not measured'),
      status: verdict(island?.query ? island.query.p95Ms < TARGETS.queryP95Ms : undefined),
    });
    rows.push({
      target: `pack p95 < ${TARGETS.packP95Ms} ms`,
      notes,
      measured: island?.pack ? `${island.pack.p95Ms} ms (median ${island.pack.medianMs})` : 'not measured',
      status: verdict(island?.pack ? island.pack.p95Ms < TARGETS.packP95Ms : undefined),
    });
    rows.push({
      target: `note page HTML ≤ ${kb(TARGETS.notePageGzipBytes)} gz (median)`,
      notes,
      measured: run.emitted?.notePages.pages ? `${kb(run.emitted.notePages.medianGzip)} gz (largest ${kb(run.emitted.notePages.maxGzip)})` : 'not measured',
      status: verdict(run.emitted?.notePages.pages ? run.emitted.notePages.medianGzip <= TARGETS.notePageGzipBytes : undefined),
    });
    rows.push({
      target: `graph script ≤ ${kb(TARGETS.graphScriptGzipBytes)} gz (only when opened)`,
      notes,
      measured: run.emitted?.graphScript ? `${kb(run.emitted.graphScript.gzip)} gz in ${run.emitted.graphScript.files} files` : 'not measured',
      status: verdict(run.emitted?.graphScript ? run.emitted.graphScript.gzip <= TARGETS.graphScriptGzipBytes : undefined),
    });
    if (notes >= 100_000)
      rows.push({
        target: '100,000 notes build to completion',
        notes,
        measured: cold ? `exit ${cold.status}` : 'not run',
        status: verdict(cold ? built : undefined),
      });
  }
  const withPayload = result.runs.filter((r) => r.island?.payload).sort((a, b) => a.notes - b.notes);
  if (withPayload.length >= 2) {
    const [small, large] = [withPayload[0]!, withPayload[withPayload.length - 1]!];
    const growth = large.island!.payload!.gzip / small.island!.payload!.gzip;
    const scale = large.notes / small.notes;
    rows.push({
      target: 'payload grows sub-linearly',
      notes: large.notes,
      measured: `×${growth.toFixed(2)} for ×${scale} notes`,
      status: verdict(growth < scale),
    });
  }
  return rows;
}

/** One column per size: what was measured. */
export function measurementTable(runs: readonly SizeRun[]): string {
  const rows: Array<[string, ...string[]]> = [];
  const add = (label: string, f: (r: SizeRun) => string | null | undefined) => rows.push([label, ...runs.map((r) => f(r) ?? '–')]);
  add('notes (files written)', (r) => `${fmt(r.notes)} (${fmt(r.corpus.files)})`);
  add('corpus size, median note', (r) => `${mb(r.corpus.bytes)}, ${fmt(r.corpus.medianChars)} chars`);
  add('kb index (separate run)', (r) => r.index && `${secs(r.index.wallMs)}, ${gbOrMb(r.index.peakTreeRss)}`);
  add('cold build', (r) => r.cold && `${secs(r.cold.wallMs)}${r.cold.status === 0 ? '' : ` FAILED (exit ${r.cold.status})`}`);
  add('  CPU time (user + sys)', (r) => (r.cold?.cpuMs == null ? undefined : secs(r.cold.cpuMs)));
  const stepNames = [...new Set(runs.flatMap((r) => r.cold?.steps.map((s) => s.step) ?? []))];
  for (const step of stepNames) add(`  step: ${step}`, (r) => secsOf(r.cold?.steps.find((s) => s.step === step)?.seconds));
  const phaseNames = [...new Set(runs.flatMap((r) => Object.keys(r.cold?.phases ?? {})))];
  for (const phase of phaseNames)
    add(`  phase: ${phase} (peak RSS)`, (r) =>
      r.cold?.phases[phase] === undefined ? undefined : `${secs(r.cold.phases[phase]!)} (${gbOrMb(r.cold.phasePeakRss[phase] ?? null)})`,
    );
  add('  peak RSS tree (largest process)', (r) => r.cold && `${gbOrMb(r.cold.peakTreeRss)} (${gbOrMb(r.cold.timeMaxRss ?? r.cold.peakProcessRss)})`);
  add('hugo cold build', (r) => r.hugo && `${secs(r.hugo.wallMs)}, ${gbOrMb(r.hugo.peakTreeRss)}, ${fmt(r.hugo.pages)} pages`);
  add('ratio ours / hugo', (r) => (r.cold?.status === 0 && r.hugo?.status === 0 ? `${(r.cold.wallMs / r.hugo.wallMs).toFixed(1)}×` : undefined));
  // Hugo's site has no search; ours ships Pagefind's. Pagefind's own CLI over Hugo's note pages, then the two together.
  add("  pagefind CLI over hugo's note pages", (r) => r.hugoSearch && `${secs(r.hugoSearch.wallMs)}, ${fmt(r.hugoSearch.pages)} pages`);
  add('ratio ours / (hugo + pagefind)', (r) => {
    const ratio = searchRatio(r);
    return ratio === undefined ? undefined : `${ratio.toFixed(1)}×`;
  });
  add(
    'warm rebuild (1 note edited)',
    (r) => r.warm && `${secs(r.warm.wallMs)}${r.cold ? ` (${((r.warm.wallMs / r.cold.wallMs) * 100).toFixed(0)}% of cold)` : ''}`,
  );
  add('emitted total raw / gz', (r) => r.emitted && `${mb(r.emitted.total.bytes)} / ${mb(r.emitted.total.gzip)} (${fmt(r.emitted.total.files)} files)`);
  // Static hosts limit bytes (1 GB) and files (20,000 on Cloudflare's free plan): both per note, against the notes' own bytes.
  add('  per note: files; bytes ÷ notes’ bytes', (r) =>
    r.emitted && r.notes > 0 ? `${(r.emitted.total.files / r.notes).toFixed(2)} files; ${(r.emitted.total.bytes / r.corpus.bytes).toFixed(2)}×` : undefined,
  );
  const kinds = [...new Set(runs.flatMap((r) => Object.keys(r.emitted?.byKind ?? {})))].sort();
  for (const kind of kinds)
    add(`  ${kind} raw / gz (files a note)`, (r) => {
      const line = r.emitted?.byKind[kind];
      return line ? `${mb(line.bytes)} / ${mb(line.gzip)} (${(line.files / r.notes).toFixed(2)})` : undefined;
    });
  add('note page HTML size (median, gz)', (r) =>
    r.emitted?.notePages.pages
      ? `${kb(r.emitted.notePages.medianGzip)} (raw ${kb(r.emitted.notePages.medianBytes)}; largest ${kb(r.emitted.notePages.maxGzip)} gz)`
      : undefined,
  );
  add('graph file kb-graph.json raw / gz', (r) => r.emitted?.graphFile && `${kb(r.emitted.graphFile.bytes)} / ${kb(r.emitted.graphFile.gzip)}`);
  add('graph script (opened) raw / gz', (r) => r.emitted?.graphScript && `${kb(r.emitted.graphScript.bytes)} / ${kb(r.emitted.graphScript.gzip)}`);
  add(
    'island first-query payload gz',
    (r) => r.island?.payload && `${kb(r.island.payload.gzip)} (${r.island.payload.files.length} files, html ${kb(r.island.payload.html.gzip)})`,
  );
  add('island query median / p95', (r) => r.island?.query && `${r.island.query.medianMs} / ${r.island.query.p95Ms} ms`);
  add('island pack median / p95', (r) => r.island?.pack && `${r.island.pack.medianMs} / ${r.island.pack.p95Ms} ms`);
  for (const command of ['query', 'search', 'context'] as const)
    add(`kb ${command} median / p95 (index cache)`, (r) => {
      const c = r.cli?.find((x) => x.command === command);
      return c ? (c.latency ? `${secs(c.latency.medianMs)} / ${secs(c.latency.p95Ms)}` : 'error') : undefined;
    });
  add('kb dev first note page: folder unchanged / touched', (r) => r.dev && `${devSecs(r.dev.firstKept)} / ${devSecs(r.dev.firstIndexed)}`);
  add('kb dev saved edit on the open page (median / max)', (r) => r.dev?.savedEdit && `${secs(r.dev.savedEdit.medianMs)} / ${secs(r.dev.savedEdit.maxMs)}`);
  add('kb dev saved again 1 s after (median / max)', (r) => r.dev?.savedAgain && `${secs(r.dev.savedAgain.medianMs)} / ${secs(r.dev.savedAgain.maxMs)}`);
  add('kb dev saved edit to the reloaded page’s first paint (median)', (r) => r.dev?.savedPainted && secs(r.dev.savedPainted.medianMs));
  return table(['measure', ...runs.map((r) => `${fmt(r.notes)} notes`)], rows);
}

/** Hugo's cold build and Pagefind's CLI over its note pages, one after the other (ms), when both succeeded. */
export function withSearch(run: Pick<SizeRun, 'hugo' | 'hugoSearch'>): number | undefined {
  return run.hugo?.status === 0 && run.hugoSearch?.status === 0 ? run.hugo.wallMs + run.hugoSearch.wallMs : undefined;
}

/** Our cold build's time over Hugo + Pagefind's, when all three succeeded. */
function searchRatio(run: Pick<SizeRun, 'cold' | 'hugo' | 'hugoSearch'>): number | undefined {
  const together = withSearch(run);
  return run.cold?.status === 0 && together !== undefined ? run.cold.wallMs / together : undefined;
}

const searchNote = (run: SizeRun) => {
  const ratio = searchRatio(run);
  return ratio === undefined ? '' : `; ${ratio.toFixed(1)}× Hugo + Pagefind (${secs(withSearch(run)!)})`;
};

const devSecs = (l: { medianMs: number } | null) => (l ? secs(l.medianMs) : '–');

export function targetTable(rows: readonly TargetRow[]): string {
  return table(
    ['target', 'notes', 'measured', 'status'],
    rows.map((r) => [r.target, fmt(r.notes), r.measured, r.status]),
  );
}

function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export const fmt = (n: number) => n.toLocaleString('en-US');
export const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const secsOf = (s: number | undefined) => (s === undefined ? undefined : `${s.toFixed(1)} s`);
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
export const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
const gbOrMb = (bytes: number | null) => (bytes === null ? 'n/a' : bytes >= 1e9 ? gb(bytes) : `${Math.round(bytes / 1e6)} MB`);
