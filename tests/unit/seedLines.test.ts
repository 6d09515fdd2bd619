// The exact lines agents and scripts parse, pinned with their exit codes: the tag query's usage line, kb-search's
// "No matches. Valid values: <path>/kb-tags.txt", its usage line and question, and a pack's section order with
// every section present. Each row fails when its behaviour is reverted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo, fixture, tempDir } from './foundationSupport.js';

const ARIA = fixture('aria-basic');
const KINDS = fixture('context-kinds');

async function kb(argv: string[], env: Record<string, string | undefined> = {}) {
  const cwd = tempDir();
  const io = captureIo(cwd, { HOME: tempDir(), ...env });
  const code = await main(argv, io);
  return { code, cwd, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const QUERY_STOP = 'Usage: kb query <tag1> [tag2] [AND tag3]. Run kb index to see available tags.';
const SEARCH_USAGE = 'Usage: kb search [--tag VALUE] [--category VALUE] [KEYWORD]';

// [rule, argv, exit code, stream, its first line exactly]
describe.each<[string, string[], number, 'out' | 'err', string | RegExp]>([
  ['kb query with no tag: the /context usage line', ['query', '--kb', ARIA], 2, 'err', QUERY_STOP],
  ['kb query with only AND: the same', ['query', 'AND', '--kb', ARIA], 2, 'err', QUERY_STOP],
  ['kb query with blanks only: the same', ['query', '  ', '--kb', ARIA, '--today', '2026-10-15'], 2, 'err', QUERY_STOP],
  ['kb search --tag outside the vocabulary', ['search', '--kb', ARIA, '--tag', 'no-such-tag'], 0, 'out', /^No matches\. Valid values: kb-out\/kb-tags\.txt$/],
  [
    'kb search --category outside the vocabulary',
    ['search', '--kb', ARIA, '--category', 'nope'],
    0,
    'out',
    /^No matches\. Valid values: kb-out\/kb-categories\.txt$/,
  ],
  [
    'kb search --tag outside, with a keyword',
    ['search', '--kb', ARIA, '--tag', 'strpe', 'webhook'],
    0,
    'out',
    /^No matches\. Valid values: kb-out\/kb-tags\.txt$/,
  ],
  [
    'kb search with a flag given twice: the usage line first',
    ['search', '--kb', ARIA, '--tag', 'a', '--tag', 'b'],
    2,
    'err',
    new RegExp(`^${escape(SEARCH_USAGE)} `),
  ],
  ['kb search with an unknown flag: the usage line first', ['search', '--kb', ARIA, '--taag', 'a'], 2, 'err', new RegExp(`^${escape(SEARCH_USAGE)} `)],
  ['kb search with nothing to search: the question first', ['search', '--kb', ARIA], 2, 'err', /^What would you like to search for in the knowledge base\? /],
])('%s', (_rule, argv, code, stream, first) => {
  it(`exits ${code}, its first line exactly as agents parse it`, async () => {
    const r = await kb(argv);
    expect(r.code).toBe(code);
    const line = r[stream].split('\n')[0]!;
    if (typeof first === 'string') expect(line).toBe(first);
    else expect(line).toMatch(first);
    expect(r[stream === 'out' ? 'err' : 'out']).toBe('');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('kb search: the file the answer names can be read', () => {
  it('with the index cache, it is written there, listing every tag; the closest values follow', async () => {
    const r = await kb(['search', '--kb', ARIA, '--tag', 'strpe'], { KB_NO_CACHE: undefined });
    const [first, second] = r.out.split('\n');
    const path = /^No matches\. Valid values: (\S+\/kb-tags\.txt)$/.exec(first!)?.[1];
    expect(path).toMatch(/^\.kb-build\/cache\/index-[0-9a-f]{16}\/kb-tags\.txt$/);
    expect(existsSync(join(r.cwd, path!))).toBe(true);
    expect(readFileSync(join(r.cwd, path!), 'utf8').split('\n')).toContain('stripe');
    expect(second).toBe('"strpe" is not a known tag; closest known values: stripe.');
  });
});

describe('a pack: every section of the seed, always, in its order', () => {
  const order = (md: string) => md.match(/^## .*$/gm);
  it.each([
    ['no note matches', ['context', '--kb', KINDS, '--task', 'quantum teleportation', '--today', '2026-10-15']],
    ['no pitfall note, some buckets empty', ['context', '--kb', KINDS, '--task', 'csv exports on a queue', '--today', '2026-10-15']],
  ])('%s', async (_rule, argv) => {
    const r = await kb(argv);
    expect(r.code).toBe(0);
    // Two sections of our own may join the seed's: Other Notes among the buckets, and Further reading (the next
    // notes to open) only after Open Questions, the seed's last.
    const all = order(r.out)!;
    if (all.includes('## Further reading')) expect(all.at(-1)).toBe('## Further reading');
    const headings = all.filter((h) => h !== '## Other Notes' && h !== '## Further reading');
    expect(headings).toEqual([
      '## Task',
      '## Context Summary',
      '## Repo/Project Context',
      '## Decisions',
      '## Lessons',
      '## Patterns',
      '## Pitfalls',
      '## Files to Inspect',
      '## Open Questions',
    ]);
    expect(r.out).toMatch(/## Pitfalls\n\n(No pitfalls found for this task\.|### )/);
  });
  it('an empty bucket says so in one line', async () => {
    const r = await kb(['context', '--kb', KINDS, '--task', 'quantum teleportation', '--today', '2026-10-15']);
    for (const bucket of ['decisions', 'lessons', 'patterns', 'pitfalls'])
      expect(r.out).toContain(`## ${bucket[0]!.toUpperCase()}${bucket.slice(1)}\n\nNo ${bucket} found for this task.\n\n## `);
  });
});

/** What each command needs besides the common flags to get as far as the folder. */
const NEEDS: Record<string, string[]> = { query: ['api'], search: ['x'], context: ['--task', 'x'], discover: ['shop', '--task', 'x'] };

describe.each(['index', 'check', 'query', 'search', 'context', 'discover', 'pack', 'review', 'mcp'])('kb %s: the common flags', (command) => {
  it('takes --kb, --today and --json, whether or not it uses them', async () => {
    const r = await kb([command, '--kb', '/nonexistent/kb', '--today', '2026-10-15', '--json', ...(NEEDS[command] ?? [])]);
    expect(r.err).not.toMatch(/unknown option|Unknown option/);
    expect(r.err).toContain('no knowledge folder at /nonexistent/kb');
    expect(r.code).toBe(2);
  });
  it('refuses a --today that is not a date, in one line', async () => {
    const r = await kb([command, '--kb', ARIA, '--today', '2026-1-2', ...(NEEDS[command] ?? [])]);
    expect([r.code, r.err]).toEqual([2, `kb ${command}: --today 2026-1-2: must be YYYY-MM-DD; run \`kb ${command} --help\` for usage.`]);
  });
});
