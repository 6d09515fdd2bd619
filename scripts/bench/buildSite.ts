// Our build, measured: `node scripts/build.mjs --kb <folder> --out <dir>` as a user runs it, cold (every
// Astro and Vite cache removed first) or warm (caches kept, one note edited).
import { rmSync } from 'node:fs';
import { measureProcess, parseBuildSteps, type Measured } from './measureProcess.ts';
import type { BuildMeasure } from './benchTypes.ts';

/**
 * Caches a warm build may reuse; a cold build starts without them. `.kb-build/cache` holds ours: rendered note
 * HTML, pack data, Pagefind shards and the page manifests that let a rebuild keep unchanged pages.
 */
export const BUILD_CACHES = ['.astro', 'node_modules/.astro', 'node_modules/.vite', '.kb-build/cache'] as const;

export function clearBuildCaches(): void {
  for (const dir of BUILD_CACHES) rmSync(dir, { recursive: true, force: true });
}

export async function measureBuild(kbDir: string, outDir: string, today: string, echo: boolean): Promise<BuildMeasure> {
  const m = await measureProcess(process.execPath, ['scripts/build.mjs', '--kb', kbDir, '--out', outDir, '--today', today], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    echo,
  });
  return toBuildMeasure(m);
}

export function toBuildMeasure(m: Measured): BuildMeasure {
  const windows = phaseWindows(m.lines);
  return {
    status: m.status,
    wallMs: m.wallMs,
    peakTreeRss: m.peakTreeRss,
    peakProcessRss: m.peakProcessRss,
    timeMaxRss: m.timeMaxRss,
    cpuMs: m.cpuMs,
    steps: parseBuildSteps(m.stderr),
    phases: Object.fromEntries(Object.entries(windows).map(([k, w]) => [k, w.end - w.start])),
    phasePeakRss: Object.fromEntries(Object.entries(windows).map(([k, w]) => [k, peakIn(m.rssTimeline, w)])),
    contentLog: m.lines
      .filter((l) => /\[content\]/.test(l.text))
      .slice(0, 20)
      .map((l) => l.text.trim()),
    ...(m.status === 0
      ? {}
      : {
          tail: m.lines
            .slice(-25)
            .map((l) => l.text)
            .join('\n'),
        }),
  };
}

/**
 * Phases of a build timed by when their marker lines arrived: the integration indexes the folder ("kb: indexing"
 * → "kb: indexed"), Vite bundles ("Building static entrypoints" → "generating static routes"), Astro renders
 * pages (→ "Completed in" after it), the integration writes the machine outputs and runs Pagefind (→ "kb: pagefind
 * done"). A phase whose markers are missing is left out.
 */
export function astroPhases(lines: ReadonlyArray<{ ms: number; text: string }>): Record<string, number> {
  return Object.fromEntries(Object.entries(phaseWindows(lines)).map(([k, w]) => [k, w.end - w.start]));
}

type Window = { start: number; end: number };

function phaseWindows(lines: ReadonlyArray<{ ms: number; text: string }>): Record<string, Window> {
  const at = (pattern: RegExp, after = 0) => lines.find((l) => l.ms >= after && pattern.test(l.text))?.ms;
  const windows: Record<string, Window> = {};
  const add = (name: string, start: number | undefined, end: number | undefined) => {
    if (start !== undefined && end !== undefined) windows[name] = { start, end };
  };
  const indexStart = at(/kb: indexing /);
  add('index (integration)', indexStart, indexStart === undefined ? undefined : at(/kb: indexed \d+ notes/, indexStart));
  const bundle = at(/Building static entrypoints/);
  const render = at(/generating static routes/);
  add('vite bundle', bundle, render);
  const rendered = render === undefined ? undefined : at(/Completed in/, render);
  add('render pages', render, rendered);
  const outputs = rendered === undefined ? undefined : at(/kb: machine outputs written/, rendered);
  add('machine outputs', rendered, outputs);
  add('pagefind', outputs, outputs === undefined ? undefined : at(/kb: pagefind done/, outputs));
  return windows;
}

/** Highest tree RSS sampled inside a phase. */
function peakIn(timeline: ReadonlyArray<[number, number]>, w: Window): number {
  return Math.max(0, ...timeline.filter(([ms]) => ms >= w.start && ms <= w.end).map(([, rss]) => rss));
}
