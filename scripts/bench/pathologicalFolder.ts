// The pathological folder: every note of pathologicalNotes.ts in one knowledge folder (about 55 notes, 17 MB),
// beside one ordinary note they link and embed, and the time `kb index`, `kb check`, `kb context` and `kb search`
// take over it, each a fresh process with no cache (Node's start-up included). A team hits these commands with a
// folder like this when one pasted note is odd; each must finish within 20 s (docs/performance.md).
//   npm run bench -- --skip build,warm,hugo,cli,island,mcp      (the benchmark's "pathological" step alone)
//   node scripts/bench/pathologicalTimes.mjs --folder [--cpu-prof DIR]        (the same, on its own)
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TargetRow } from './benchTypes.ts';
import { PATHOLOGICAL_NOTES } from './pathologicalNotes.ts';

/** The ordinary note the others link (`[[ordinary]]`) and embed, and the task and query the commands are given. */
const ORDINARY = '---\ntags: [alpha]\naliases: [plain]\n---\n# Ordinary\n\nRefunds are retried with backoff.\n';
export const PATHOLOGICAL_TASK = 'refunds retried with backoff';

/** A note's file name: its shape's name in lower case, words joined by hyphens. */
export const pathologicalFileName = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.md`;

/** Writes the folder into `dir` (created); returns how many notes and bytes it holds. */
export function writePathologicalFolder(dir: string): { notes: number; bytes: number } {
  mkdirSync(join(dir, 'odd'), { recursive: true });
  writeFileSync(join(dir, 'ordinary.md'), ORDINARY);
  let bytes = Buffer.byteLength(ORDINARY);
  for (const [name, make] of Object.entries(PATHOLOGICAL_NOTES)) {
    const text = make();
    bytes += Buffer.byteLength(text);
    writeFileSync(join(dir, 'odd', pathologicalFileName(name)), text);
  }
  return { notes: Object.keys(PATHOLOGICAL_NOTES).length + 1, bytes };
}

/** One command's run over the folder. */
export interface PathologicalTime {
  command: string;
  ms: number;
  /** The process's exit code (1 is kb check's "issues found"); null when it was stopped at the limit. */
  status: number | null;
}

export const PATHOLOGICAL_COMMANDS: readonly (readonly string[])[] = [['index'], ['check'], ['context', '--task', PATHOLOGICAL_TASK], ['search', 'refunds']];

/** The seconds each command may take over the folder (the target). */
export const PATHOLOGICAL_LIMIT_S = 20;

/**
 * Runs each command once over `dir` with `kb` (bin/kb.js), no cache, and a HOME of `home`; stops one at 3 times the
 * limit. `cpuProf`: a folder each process writes its V8 CPU profile to (`--cpu-prof`).
 */
export function timePathologicalFolder(kb: string, dir: string, home: string, cpuProf?: string): PathologicalTime[] {
  return PATHOLOGICAL_COMMANDS.map((args) => {
    const flags = cpuProf ? ['--cpu-prof', '--cpu-prof-dir', cpuProf, '--cpu-prof-name', `${args[0]}.cpuprofile`] : [];
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [...flags, kb, ...args, '--kb', dir, '--no-cache'], {
      stdio: 'ignore',
      timeout: PATHOLOGICAL_LIMIT_S * 3 * 1000,
      env: { ...process.env, HOME: home, KB_NO_CACHE: '1' },
    });
    return { command: `kb ${args[0]}`, ms: Math.round(performance.now() - t0), status: r.signal ? null : r.status };
  });
}

/** One target row a command: finished within the limit over the whole folder. */
export function pathologicalTargets(run: { notes: number; times: readonly PathologicalTime[] } | undefined): TargetRow[] {
  return (run?.times ?? []).map((t) => ({
    target: `${t.command} over the pathological folder < ${PATHOLOGICAL_LIMIT_S} s`,
    notes: run!.notes,
    measured: t.status === null ? `stopped at ${PATHOLOGICAL_LIMIT_S * 3} s` : `${(t.ms / 1000).toFixed(1)} s`,
    status: t.status !== null && t.ms < PATHOLOGICAL_LIMIT_S * 1000 ? 'PASS' : 'FAIL',
  }));
}
