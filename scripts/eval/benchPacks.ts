import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { loadKbIndex, type KbIndex } from '../../src/core/index/kbIndexSchema.js';
import { loadPackInputs } from '../../src/node/context/loadPackInputs.js';

/**
 * `node scripts/eval/benchPacks.mjs [--kb DIR] [--notes 10000]`: grow a real folder to N notes (copies
 * with their words shuffled between notes), then time buildPackData, the JSON load, and one pack.
 */
export function main(argv: string[]): number {
  const kb = argv.includes('--kb') ? argv[argv.indexOf('--kb') + 1]! : '../shared/corpora/arscontexta';
  const target = Number(argv.includes('--notes') ? argv[argv.indexOf('--notes') + 1] : 10000);
  const base = loadPackInputs(kb);
  const bodies = new Map<string, string>();
  const notes: KbIndex['notes'] = [];
  const src = base.index.notes;
  const texts = src.map((n) => base.data.excerpts[src.indexOf(n)]!.detail.map((d) => d.text).join('\n\n'));
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
  t = performance.now();
  const loaded = JSON.parse(json);
  buildContextPack(index, loaded, { task: 'warm-up' });
  const loadMs = performance.now() - t;
  const tasks = [
    'how should an agent decide which notes to load into a limited context window',
    'session handoff between agents',
    'why descriptions matter for retrieval',
  ];
  const times: number[] = [];
  for (let r = 0; r < 3; r++)
    for (const task of tasks) {
      t = performance.now();
      buildContextPack(index, loaded, { task });
      times.push(performance.now() - t);
    }
  times.sort((a, b) => a - b);
  console.log(
    `${notes.length} notes: buildPackData ${buildMs.toFixed(0)} ms; pack data ${(json.length / 1e6).toFixed(1)} MB, ${(gzipSync(json).length / 1e6).toFixed(2)} MB gzipped; JSON load + first pack ${loadMs.toFixed(0)} ms; one pack median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms`,
  );
  return 0;
}
