import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack, type PackTuning } from '../../src/core/context/buildContextPack.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { DEFAULT_TAIL, tailLines, taskWords } from '../../src/core/context/furtherReading.js';
import type { ContextPack, PackRequest } from '../../src/core/context/packTypes.js';
import type { StoredNote } from '../../src/core/context/packParts.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { loadPackInputs } from '../../src/node/context/loadPackInputs.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/context-basic');
const CORPUS = join(import.meta.dirname, '../../../shared/corpora/arscontexta');

const fixture = indexKnowledgeFolder(FIXTURE);
const data = buildPackData(fixture.index, fixture.bodies);
const pack = (request: PackRequest, tuning?: Partial<PackTuning>) => buildContextPack(data, { today: '2026-01-01', ...request }, [], { tuning });
const corpus = existsSync(CORPUS) ? loadPackInputs(CORPUS).data : undefined;
const corpusPack = (request: PackRequest, tuning?: Partial<PackTuning>) => buildContextPack(corpus!, request, [], { tuning });

const tail = (p: ContextPack) => p.citations.filter((c) => c.furtherReading).map((c) => c.path);
const tailText = (p: ContextPack) => p.contextPackMarkdown.slice(p.contextPackMarkdown.indexOf('## Further reading\n'));
const TASKS = [
  'how should an agent decide which notes to load into a limited context window',
  'keeping a knowledge base healthy as it grows past a few hundred notes',
  'tags versus folders for organising notes',
];

describe('the Further reading tail', () => {
  it('comes after Open Questions, one line per note, and its notes are cited', () => {
    const p = pack({ task: 'log rotation' });
    const md = p.contextPackMarkdown;
    expect(md.indexOf('## Further reading\n')).toBeGreaterThan(md.indexOf('## Open Questions\n'));
    expect(tail(p).length).toBeGreaterThan(0);
    for (const path of tail(p)) expect(tailText(p)).toContain(`\`${path}\``);
  });

  it('collapses a near duplicate into one line that names it with its twin', () => {
    const p = pack({ task: 'log rotation' });
    const logs = p.citations.filter((c) => c.path.startsWith('guides/log-rotation'));
    expect(logs.filter((c) => !c.furtherReading)).toHaveLength(1);
    expect(tailText(p)).toContain('- Near duplicates of `guides/log-rotation-copy.md`: `guides/log-rotation.md`');
    expect(p.truncated.some((t) => t.path.startsWith('guides/log-rotation'))).toBe(false);
  });

  it('names twins of a line on that line, best first', () => {
    const note = (path: string, title: string): StoredNote =>
      ({ path, title, description: `About ${title}.`, status: 'active', tokens: 10, kind: 'other', units: [], links: '', keys: '', levels: '' }) as StoredNote;
    const keys = [new Set(['log', 'rotat', 'disk']), new Set(['log', 'rotat', 'disk']), new Set(['backup'])];
    const notes = [note('a.md', 'Log rotation'), note('b.md', 'Log rotation copy'), note('c.md', 'Backups')];
    const pool = [0, 1, 2].map((i) => ({ i, score: 3 - i, direct: 1, bucket: 'notes' as const }));
    const twin = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].every((x) => b.has(x)) && a.size === b.size;
    const lines = tailLines(pool, [], (i) => ({ stored: notes[i]!, keys: keys[i]! }), taskWords('rotate the logs', []), twin);
    expect(lines.map((l) => l.text)).toEqual([
      '- **Log rotation** (`a.md`) — matches rotate, logs; near duplicates: `b.md`',
      '- **Backups** (`c.md`) — About Backups',
    ]);
  });

  it.skipIf(!corpus).each(TASKS)('holds its share of the budget for lines: %s', (task) => {
    const held = corpusPack({ task });
    const none = corpusPack({ task }, { tail: { share: 0 } });
    expect(tail(held).length).toBeGreaterThan(tail(none).length);
    // It keeps at least its share, unless it named every note it may.
    if (held.citations.length < DEFAULT_TAIL.maxNamed - 2) expect(countTokens(tailText(held))).toBeGreaterThanOrEqual(6000 * DEFAULT_TAIL.share * 0.8);
    expect(held.citations.length).toBeLessThanOrEqual(DEFAULT_TAIL.maxNamed);
  });

  it.skipIf(!corpus).each(TASKS)('stops at its score floor, a share of the best score: %s', (task) => {
    const low = tail(corpusPack({ task }, { tail: { floor: 0.05, maxNamed: 200 } }));
    const high = tail(corpusPack({ task }, { tail: { floor: 0.4, maxNamed: 200 } }));
    expect(high.length).toBeLessThan(low.length);
    const lowSet = new Set(low);
    expect(high.filter((p) => !lowSet.has(p))).toEqual([]);
  });

  it.skipIf(!corpus)('is off with maxNamed 0: no section, no tail citations', () => {
    const p = corpusPack({ task: TASKS[0]! }, { tail: { maxNamed: 0 } });
    expect(p.contextPackMarkdown).not.toContain('## Further reading');
    expect(tail(p)).toEqual([]);
  });
});

describe.each([300, 500, 800, 1200, 6000])('a budget of %i tokens', (maxTokens) => {
  it.each(['log rotation', 'pagination webhook signature', 'cursor pagination', 'SOAP envelope'])('is never exceeded with the tail (fixture: %s)', (task) => {
    const p = pack({ task, maxTokens });
    expect(countTokens(p.contextPackMarkdown)).toBe(p.tokens);
    expect(p.tokens).toBeLessThanOrEqual(maxTokens);
  });
  it.skipIf(!corpus).each(TASKS)('is never exceeded with the tail (corpus: %s)', (task) => {
    const p = corpusPack({ task, maxTokens });
    expect(countTokens(p.contextPackMarkdown)).toBe(p.tokens);
    expect(p.tokens).toBeLessThanOrEqual(maxTokens);
  });
});

describe("the agent's terms and tags", () => {
  it.each([{ task: 'cursor pagination' }, { task: 'log rotation', maxTokens: 800 }, { task: 'SOAP envelope' }])(
    'without them the pack is byte for byte the same ($task)',
    (request) => {
      const plain = pack(request);
      expect(pack({ ...request, terms: [], tags: [] })).toEqual(plain);
      expect(pack({ ...request, terms: undefined, tags: undefined }).contextPackMarkdown).toBe(plain.contextPackMarkdown);
    },
  );

  it('terms raise the notes that use them', () => {
    const without = pack({ task: 'things that broke in production' });
    const withTerms = pack({ task: 'things that broke in production', terms: ['webhook', 'signature'] });
    const at = (p: ContextPack) => p.citations.findIndex((c) => c.path === 'projects/shop/lessons/webhook-signature.md');
    expect(at(withTerms)).toBeGreaterThanOrEqual(0);
    if (at(without) >= 0) expect(at(withTerms)).toBeLessThanOrEqual(at(without));
  });

  it('terms never filter: every note the task alone cites is still named with an unrelated term', () => {
    const task = 'cursor pagination';
    const without = pack({ task });
    const withTerm = pack({ task, terms: ['zebra'] });
    expect(withTerm.contextPackMarkdown).toBe(without.contextPackMarkdown);
    const more = pack({ task, terms: ['webhook'] });
    const named = new Set(more.citations.map((c) => c.path));
    expect(without.citations.map((c) => c.path).filter((p) => !named.has(p))).toEqual([]);
  });

  it('tags raise the notes that carry them, and keep the others', () => {
    const task = 'what to check before a release';
    const without = pack({ task });
    const tagged = pack({ task, tags: ['webhooks'] });
    const first = (p: ContextPack) => p.citations.findIndex((c) => c.path.includes('webhook'));
    expect(first(tagged)).toBeGreaterThanOrEqual(0);
    if (first(without) >= 0) expect(first(tagged)).toBeLessThanOrEqual(first(without));
    const named = new Set(tagged.citations.map((c) => c.path));
    expect(without.citations.filter((c) => !c.path.includes('webhook') && !named.has(c.path))).toEqual([]);
  });
});
