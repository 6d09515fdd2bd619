import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData, searchFields } from '../../src/core/context/buildPackData.js';
import { createPackDataLoader } from '../../src/core/context/packLoader.js';
import { packDataFiles } from '../../src/core/context/packParts.js';
import { clip, unitsOf } from '../../src/core/context/extractExcerpt.js';
import type { TermScorer } from '../../src/core/rank/rankNotes.js';
import { createTokenCounter } from '../../src/core/tokens/tokenCounter.js';
import { loadKbIndex, type KbIndex } from '../../src/core/index/kbIndexSchema.js';
import { loadPackInputs } from '../../src/node/context/loadPackInputs.js';
import { miniSearchRanker, MINISEARCH_DEFAULT } from './miniSearchRanker.js';

/**
 * `node scripts/eval/benchPacks.mjs [--kb DIR] [--notes 10000] [--ranker bm25f|minisearch]`: grow a real
 * folder to N notes (copies with their words shuffled between notes), then time buildPackData; print the
 * pack data's size by part; the first pack from parts as the island loads them (bytes, files, rounds, time);
 * then the JSON load and one pack on complete data (median and p95 over the open set's kind of tasks).
 */
export async function main(argv: string[]): Promise<number> {
  const kb = argv.includes('--kb') ? argv[argv.indexOf('--kb') + 1]! : '../shared/corpora/arscontexta';
  const target = Number(argv.includes('--notes') ? argv[argv.indexOf('--notes') + 1] : 10000);
  const base = loadPackInputs(kb);
  const bodies = new Map<string, string>();
  const notes: KbIndex['notes'] = [];
  const src = base.index.notes;
  // About 640 characters of each note's prose, so a copy is a note of realistic size.
  const texts = src.map((n) =>
    clip(
      unitsOf(base.bodies.get(n.path) ?? '', n.title)
        .flatMap((u) => u.blocks)
        .join('\n\n'),
      640,
    ),
  );
  for (let k = 0; notes.length < target; k++) {
    const n = src[k % src.length]!;
    const copy = Math.floor(k / src.length);
    const path = copy === 0 ? n.path : n.path.replace(/\.md$/, ` ${copy}.md`);
    notes.push({ ...n, path, slug: `${n.slug}-${copy}` });
    // Mix words from two notes so copies are not duplicates of each other.
    bodies.set(path, `# ${n.title}\n\n${texts[k % src.length]}\n\n${texts[(k * 7 + copy) % src.length]}\n\n${'More text about the subject. '.repeat(60)}`);
  }
  const index = loadKbIndex({ ...base.index, notes });
  let t = performance.now();
  const data = buildPackData(index, bodies);
  const buildMs = performance.now() - t;
  const json = JSON.stringify(data);

  // The site's files: the pack data in parts (each served gzipped on its own) and the index the island loads too.
  const files = new Map(packDataFiles(data).map((f) => [f.path, JSON.stringify(f.value)]));
  const gz = new Map([...files].map(([path, text]) => [path, gzipSync(text).length]));
  const sum = (paths: Iterable<string>, size: (p: string) => number) => [...paths].reduce((n, p) => n + size(p), 0);
  const indexJson = JSON.stringify(index);
  const kinds = (prefix: string) => [...files.keys()].filter((p) => p.startsWith(prefix));
  console.log(
    `${notes.length} notes: buildPackData ${buildMs.toFixed(0)} ms; pack data ${mb(json)} MB raw in ${files.size} files, ${(sum(files.keys(), (p) => gz.get(p)!) / 1e6).toFixed(2)} MB gzipped file by file (head ${kb1(gz.get('head.json')!)} kB; ${kinds('t/').length} term shards ${(sum(kinds('t/'), (p) => gz.get(p)!) / 1e6).toFixed(2)} MB; ${kinds('n/').length} note shards ${(sum(kinds('n/'), (p) => gz.get(p)!) / 1e6).toFixed(2)} MB); for comparison kb-index.json (not needed for a pack) ${mb(indexJson)} MB raw, ${mb(gzipSync(indexJson))} MB gzipped`,
  );

  // First pack in a fresh browser: the loader fetches the head, then the parts the pack names (parsed here, not fetched).
  const firsts: { ms: number; bytes: number; raw: number; parts: number; rounds: number }[] = [];
  for (const task of TASKS) {
    const fetched: string[] = [];
    const loader = createPackDataLoader(async (path) => {
      fetched.push(path);
      return JSON.parse(files.get(path)!) as unknown;
    });
    t = performance.now();
    await loader.pack({ task });
    firsts.push({
      ms: performance.now() - t,
      bytes: sum(fetched, (p) => gz.get(p)!),
      raw: sum(fetched, (p) => files.get(p)!.length),
      parts: fetched.length,
      rounds: loader.rounds,
    });
  }
  const f0 = firsts[0]!;
  const worst = (key: 'bytes' | 'ms' | 'rounds' | 'parts') => Math.max(...firsts.map((f) => f[key]));
  const mean = (key: 'bytes' | 'ms') => firsts.reduce((n, f) => n + f[key], 0) / firsts.length;
  console.log(
    `first pack from parts (fresh loader per task, ${firsts.length} tasks): the very first ${f0.ms.toFixed(0)} ms, ${kb1(f0.bytes)} kB gzipped (${kb1(f0.raw)} kB raw) in ${f0.parts} files and ${f0.rounds} rounds; mean ${mean('ms').toFixed(0)} ms, ${kb1(mean('bytes'))} kB; worst ${worst('ms').toFixed(0)} ms, ${kb1(worst('bytes'))} kB, ${worst('parts')} files, ${worst('rounds')} rounds (add a network round trip per round)`,
  );

  let score: TermScorer | undefined;
  let rankerBytes = '';
  if (argv.includes('--ranker') && argv[argv.indexOf('--ranker') + 1] === 'minisearch') {
    t = performance.now();
    const ms = miniSearchRanker(searchFields(index, bodies), MINISEARCH_DEFAULT);
    score = ms.score;
    rankerBytes = `; MiniSearch index built in ${(performance.now() - t).toFixed(0)} ms, ${mb(ms.json)} MB (${mb(gzipSync(ms.json))} MB gzipped)`;
  }
  if (rankerBytes) console.log(rankerBytes.slice(2));
  t = performance.now();
  const loaded = JSON.parse(json);
  const count = createTokenCounter();
  buildContextPack(loaded, { task: 'warm-up' }, [], { count, tuning: { score } });
  const loadMs = performance.now() - t;
  // Round 0 is each task's first run (the JIT still warming, as in a one-shot `kb context`); rounds 1–3 are steady.
  const runs: { wall: number; cpu: number; round: number }[] = [];
  for (let round = 0; round < 4; round++)
    for (const task of TASKS) {
      const c = process.cpuUsage();
      t = performance.now();
      buildContextPack(loaded, { task }, [], { count, tuning: { score } });
      const wall = performance.now() - t;
      const used = process.cpuUsage(c);
      runs.push({ wall, cpu: (used.user + used.system) / 1000, round });
    }
  const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(1);
  const cold = runs.filter((r) => r.round === 0);
  const warm = runs.filter((r) => r.round > 0);
  // CPU time too: on a shared machine the wall clock also counts time spent waiting for a core.
  const line = (rs: typeof runs) =>
    `wall median ${at(
      rs.map((r) => r.wall),
      0.5,
    )} ms, p95 ${at(
      rs.map((r) => r.wall),
      0.95,
    )} ms; CPU median ${at(
      rs.map((r) => r.cpu),
      0.5,
    )} ms, p95 ${at(
      rs.map((r) => r.cpu),
      0.95,
    )} ms`;
  console.log(`JSON load + first pack ${loadMs.toFixed(0)} ms`);
  console.log(`one pack, first run of each of ${cold.length} tasks: ${line(cold)}`);
  console.log(`one pack, steady (${warm.length} runs): ${line(warm)}`);
  return 0;
}

const mb = (x: string | Uint8Array) => (x.length / 1e6).toFixed(2);
const kb1 = (bytes: number) => (bytes / 1e3).toFixed(1);

/** Tasks worded like the open set's (short and long, lexical and paraphrased); not its labels. */
const TASKS = [
  'how should an agent decide which notes to load into a limited context window',
  'session handoff between agents',
  'why descriptions matter for retrieval',
  'we keep losing track of what was decided last week; how do we make decisions findable later',
  'design the folder structure for a new research vault',
  'tags versus links for organising notes',
  'stale notes that nobody maintains anymore',
  'make the agent verify its own notes before trusting them',
  'hooks that run automatically after every session',
  'split one long note into several atomic ones',
];
