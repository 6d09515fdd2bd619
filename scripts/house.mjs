// The house as its imports draw it: every folder of src/ (the core by subject) with the folders it imports and how
// often, and the loops between folders. `node scripts/house.mjs` prints it as text; `--mermaid` as a Mermaid graph
// (paste it into a Markdown file, GitHub draws it). Read from the source alone: nothing is run.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|^import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|mts|mjs|astro)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );

/** A file's room: `core/<subject>` for the core, else its top folder of src/. */
const room = (file) => {
  const parts = relative(SRC, file).split('/');
  return parts[0] === 'core' || parts[0] === 'site' || parts[0] === 'node' ? parts.slice(0, Math.min(2, parts.length - 1)).join('/') || parts[0] : parts[0];
};

const edges = new Map();
for (const file of files(SRC)) {
  const from = room(file);
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = normalize(join(dirname(file), m[1] ?? m[2] ?? m[3]));
    if (!target.startsWith(SRC)) continue;
    const to = room(target);
    if (to === from) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}
const sorted = [...edges].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const pairs = new Set(edges.keys());
const loops = sorted.map(([k]) => k.split(' -> ')).filter(([a, b]) => a < b && pairs.has(`${b} -> ${a}`));
const core = sorted.filter(([k]) => k.startsWith('core') && !k.split(' -> ')[1].startsWith('core'));

if (process.argv.includes('--mermaid')) {
  const id = (r) => r.replace(/[^A-Za-z0-9]/g, '_');
  console.log('graph LR');
  for (const [k, n] of sorted) {
    const [a, b] = k.split(' -> ');
    console.log(`  ${id(a)}["${a}"] -->|${n}| ${id(b)}["${b}"]`);
  }
} else {
  for (const [k, n] of sorted) console.log(`${k}  (${n})`);
  console.log(`\n${new Set(sorted.flatMap(([k]) => k.split(' -> '))).size} rooms, ${sorted.length} arrows`);
  console.log(loops.length ? `loops between rooms:\n${loops.map(([a, b]) => `  ${a} <-> ${b}`).join('\n')}` : 'no loops between rooms');
  console.log(core.length ? `the core imports outside itself:\n${core.map(([k]) => `  ${k}`).join('\n')}` : 'the core imports only the core');
}
