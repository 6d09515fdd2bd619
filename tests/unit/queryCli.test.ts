import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Io } from '../../src/cli/io.js';

const KB = join(import.meta.dirname, '../fixtures/query-aria');
const LEARNINGS = join(import.meta.dirname, '../fixtures/search-learnings');

beforeAll(() => {
  const day = new Date('2026-04-13T12:00:00Z');
  utimesSync(join(KB, 'repos/ss/CODEMAP.md'), day, day);
});

async function kb(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), env: {}, cwd: process.cwd() };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const query = (...rest: string[]) => kb('query', '--kb', KB, '--today', '2026-04-16', ...rest);
const file = (path: string) => readFileSync(join(KB, path), 'utf8');

// `kb query ss` lists: 1-3 team-shared, 4-5 project, 6-7 cross-project, 8 repos/ss/CODEMAP.md.
describe.each<[string, () => Promise<void>]>([
  [
    'no tokens: the /context usage line, exit 2',
    async () =>
      expect(await query('AND')).toEqual({
        code: 2,
        out: '',
        err: 'Usage: kb query <tag1> [tag2] [AND tag3]. Run kb index to see available tags.',
      }),
  ],
  [
    'an unknown flag: one line naming it, exit 2',
    async () => expect(await query('ss', '--loud')).toMatchObject({ code: 2, err: "kb query: unknown option '--loud'; run `kb query --help` for usage." }),
  ],
  [
    'words after the command form one query',
    async () => expect(JSON.parse((await query('api', 'AND', 'pagination', '--json')).out)).toMatchObject({ mode: 'AND', tags: ['api', 'pagination'] }),
  ],
  [
    '--load 4,6 prints those files in order and the count line',
    async () => {
      const r = await query('ss', '--load', '4,6');
      expect(r.code).toBe(0);
      expect(r.out).toBe(
        `===== 4. projects/ss/decisions/004-state-sync.md =====\n${file('projects/ss/decisions/004-state-sync.md')}\n` +
          `===== 6. approaches/api-pagination.md =====\n${file('approaches/api-pagination.md')}\n` +
          'Loaded 2 knowledge files into context.',
      );
    },
  ],
  [
    '--load "6 4" (spaces) keeps the order given',
    async () => expect((await query('ss', '--load', '6 4')).out).toMatch(/^===== 6\. [\s\S]*===== 4\. [\s\S]*Loaded 2 knowledge files/),
  ],
  [
    '--load all takes every file and artifact, never ideas',
    async () =>
      expect((await query('ss', '--load', 'all')).out).toMatch(
        /===== 8\. repos\/ss\/CODEMAP\.md =====\n# Codemap of ss\n[\s\S]*Loaded 8 knowledge files into context\.$/,
      ),
  ],
  [
    '--load of a number not listed: usage, exit 2',
    async () =>
      expect(await query('ss', '--load', '9')).toMatchObject({ code: 2, err: expect.stringContaining('--load 9: pick all, none, or numbers from 1 to 8;') }),
  ],
  [
    '--load of a missing artifact is skipped with a note',
    async () =>
      expect(await query('empty', '--load', 'all')).toMatchObject({ code: 0, err: expect.stringContaining('repos/empty/CODEMAP.md: not found; skipped.') }),
  ],
  [
    '--json --load adds the loaded files',
    async () =>
      expect(JSON.parse((await query('ss', '--json', '--load', '8')).out).loaded).toEqual([
        { n: 8, path: 'repos/ss/CODEMAP.md', content: '# Codemap of ss\n' },
      ]),
  ],
  [
    'kb search without arguments: usage, exit 2',
    async () =>
      expect(await kb('search')).toEqual({
        code: 2,
        out: '',
        err: 'What would you like to search for in the knowledge base? Usage: kb search [--tag VALUE] [--category VALUE] [KEYWORD]',
      }),
  ],
  ['kb search with a repeated flag: usage, exit 2', async () => expect((await kb('search', '--tag', 'a', '--tag', 'b')).code).toBe(2)],
  [
    'kb search with an unknown facet value: exit 0',
    async () =>
      expect(await kb('search', '--kb', LEARNINGS, '--tag', 'cachin')).toEqual({
        code: 0,
        out: expect.stringMatching(
          /^No matches\. Valid values: \.kb-build\/cache\/index-[0-9a-f]{16}\/kb-tags\.txt\n"cachin" is not a known tag; closest known values: caching\.$/,
        ),
        err: '',
      }),
  ],
  [
    'kb search --json',
    async () => expect(JSON.parse((await kb('search', '--kb', LEARNINGS, 'orders', '--json')).out)).toMatchObject({ total: 1, shown: 1, contentMatches: [] }),
  ],
])('kb CLI: %s', (_rule, check) => {
  it('holds', check);
});
