#!/usr/bin/env node
// How long `kb index`, `kb check`, `kb context` and `kb search` take on a folder of one pathological note
// (scripts/bench/pathologicalNotes.ts) and one ordinary note, each a fresh process (Node's start-up included).
//   node scripts/bench/pathologicalTimes.mjs [name filter]      (after `node scripts/compile.mjs`)
//   node scripts/bench/pathologicalTimes.mjs --folder [--keep DIR] [--cpu-prof DIR]
//     every note in one folder (scripts/bench/pathologicalFolder.ts), each command once over the whole of it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { PATHOLOGICAL_NOTES } = await import('./pathologicalNotes.ts');
const KB = fileURLToPath(new URL('../../bin/kb.js', import.meta.url));
const only = process.argv[2];
const root = mkdtempSync(join(tmpdir(), 'kb-pathological-'));
if (only === '--folder') {
  const { writePathologicalFolder, timePathologicalFolder } = await import('./pathologicalFolder.ts');
  const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const dir = arg('--keep') ?? join(root, 'kb');
  const { notes, bytes } = writePathologicalFolder(dir);
  console.log(`${notes} notes, ${(bytes / 1048576).toFixed(1)} MB in ${dir}`);
  for (const t of timePathologicalFolder(KB, dir, root, arg('--cpu-prof')))
    console.log(`${t.command.padEnd(12)} ${String(t.ms).padStart(7)} ms  exit ${t.status ?? 'stopped'}`);
  rmSync(root, { recursive: true, force: true });
  process.exit(0);
}
try {
  for (const [name, make] of Object.entries(PATHOLOGICAL_NOTES)) {
    if (only && !name.includes(only)) continue;
    const dir = join(root, name.replace(/\W+/g, '-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'ordinary.md'), '---\ntags: [alpha]\n---\n# Ordinary\n\nRefunds are retried.\n');
    writeFileSync(join(dir, 'odd.md'), make());
    const times = [];
    for (const args of [['index'], ['check'], ['context', '--task', 'refunds retried'], ['search', 'refunds']]) {
      const t0 = performance.now();
      let note = '';
      try {
        execFileSync(process.execPath, [KB, ...args, '--kb', dir, '--no-cache'], { stdio: 'ignore', timeout: 60_000, env: { ...process.env, HOME: root } });
      } catch (err) {
        if (err.signal) note = ' (stopped at 60 s)';
      }
      times.push(`${args[0]} ${Math.round(performance.now() - t0)} ms${note}`);
    }
    console.log(`${name.padEnd(40)} ${times.join('  ')}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
