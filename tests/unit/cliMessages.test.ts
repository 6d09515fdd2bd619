// The CLI's promises (issue 17): `kb <command> --help` and `kb help <command>`, the exit codes the README
// gives (0 ok, 1 problems or no notes, 2 usage error), every error one line that says what to do, and a
// `kb check` that stays readable on a big folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { CHECK_SECTION_LIMIT } from '../../src/core/check/renderCheckText.js';
import { captureIo, fixture, tempDir } from './foundationSupport.js';

const run = async (...argv: string[]) => {
  const io = captureIo(tempDir(), { HOME: tempDir() });
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

const COMMANDS = ['index', 'check', 'query', 'search', 'context', 'discover', 'pack', 'init', 'build', 'dev', 'preview'];

describe.each(COMMANDS)('kb %s: help', (command) => {
  it.each([
    [`kb ${command} --help`, [command, '--help']],
    [`kb ${command} -h`, [command, '-h']],
    [`kb help ${command}`, ['help', command]],
    [`kb ${command} --kb x --help (anywhere before --)`, [command, '--kb', 'x', '--help']],
  ])('%s prints its usage on stdout, exit 0', async (_name, argv) => {
    const r = await run(...argv);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toMatch(new RegExp(`^Usage: kb ${command} `));
    expect(r.out).toMatch(/\nExit: 0 /);
  });
});

const ARIA = fixture('aria-basic');
const empty = tempDir();
mkdirSync(join(empty, 'images'));
writeFileSync(join(empty, 'images/a.png'), 'png');
const aFile = join(tempDir(), 'notes.md');
writeFileSync(aFile, '# not a folder\n');

// [case, argv, exit code, stderr exactly]
const ERRORS: [string, string[], number, string][] = [
  [
    'no task for kb context',
    ['context', '--kb', ARIA],
    2,
    'kb context: no task given: pass --task "what you are about to do", e.g. --task "fix duplicate webhook refunds", or --note PATH for a note\'s page pack; run `kb context --help` for usage.',
  ],
  [
    'an empty task for kb context',
    ['context', '--kb', ARIA, '--task', '  '],
    2,
    'kb context: no task given: pass --task "what you are about to do", e.g. --task "fix duplicate webhook refunds", or --note PATH for a note\'s page pack; run `kb context --help` for usage.',
  ],
  ['no tag for kb query', ['query', '--kb', ARIA], 2, 'Usage: kb query <tag1> [tag2] [AND tag3]. Run kb index to see available tags.'],
  ['an unknown flag', ['query', 'api', '--kb', ARIA, '--fast'], 2, "kb query: unknown option '--fast'; run `kb query --help` for usage."],
  ['a flag without its value', ['index', '--kb'], 2, "kb index: option '--kb <value>' argument missing; run `kb index --help` for usage."],
  [
    'a bad --today',
    ['query', 'api', '--kb', ARIA, '--today', '2026-1-2'],
    2,
    'kb query: --today 2026-1-2: must be YYYY-MM-DD; run `kb query --help` for usage.',
  ],
  [
    'a bad --max-tokens',
    ['context', '--kb', ARIA, '--task', 'x', '--max-tokens', 'lots'],
    2,
    'kb context: --max-tokens lots: give a whole number of tokens, e.g. --max-tokens 4000; run `kb context --help` for usage.',
  ],
  [
    'kb search without anything to search',
    ['search', '--kb', ARIA],
    2,
    'What would you like to search for in the knowledge base? Usage: kb search [--tag VALUE] [--category VALUE] [KEYWORD]',
  ],
  ['an unknown command', ['frobnicate'], 2, 'kb: unknown command "frobnicate"; run `kb --help` for the commands.'],
  ['help for an unknown command', ['help', 'frobnicate'], 2, 'kb: unknown command "frobnicate"; run `kb --help` for the commands.'],
  ...['index', 'check', 'search', 'pack'].map((c): [string, string[], number, string] => [
    `a missing folder: kb ${c}`,
    [c, '--kb', '/nonexistent/kb', ...(c === 'search' ? ['x'] : [])],
    2,
    `kb ${c}: no knowledge folder at /nonexistent/kb — is --kb right? (default: content/)`,
  ]),
  [
    'a missing folder: kb query',
    ['query', 'api', '--kb', '/nonexistent/kb'],
    2,
    'kb query: no knowledge folder at /nonexistent/kb — is --kb right? (default: content/)',
  ],
  [
    'a missing folder: kb context',
    ['context', '--task', 'x', '--kb', '/nonexistent/kb'],
    2,
    'kb context: no knowledge folder at /nonexistent/kb — is --kb right? (default: content/)',
  ],
  [
    'a missing folder: kb discover',
    ['discover', 'shop', '--task', 'x', '--kb', '/nonexistent/kb'],
    2,
    'kb discover: no knowledge folder at /nonexistent/kb — is --kb right? (default: content/)',
  ],
  ['no --kb, no KB_DIR, and no content/ here', ['check'], 2, 'kb check: no knowledge folder at content/ — is --kb right? (default: content/)'],
  ['a file, not a folder', ['check', '--kb', aFile], 2, `kb check: ${aFile} is a file, not a folder — is --kb right? (pass the knowledge folder)`],
  ...['check', 'index', 'search', 'pack'].map((c): [string, string[], number, string] => [
    `a folder without notes: kb ${c}`,
    [c, '--kb', empty, ...(c === 'search' ? ['x'] : [])],
    1,
    `kb ${c}: no notes found in ${empty} — is --kb right? (notes are .md/.mdx files the layout indexes; \`kb index --json\` lists what happened to each file)`,
  ]),
  [
    'a folder without notes: kb query',
    ['query', 'api', '--kb', empty],
    1,
    `kb query: no notes found in ${empty} — is --kb right? (notes are .md/.mdx files the layout indexes; \`kb index --json\` lists what happened to each file)`,
  ],
  [
    'a folder without notes: kb context',
    ['context', '--task', 'x', '--kb', empty],
    1,
    `kb context: no notes found in ${empty} — is --kb right? (notes are .md/.mdx files the layout indexes; \`kb index --json\` lists what happened to each file)`,
  ],
];

describe.each(ERRORS)('kb: %s', (_case, argv, code, err) => {
  it(`exits ${code} with one line on stderr, nothing on stdout`, async () => {
    const r = await run(...argv);
    expect(r).toEqual({ code, out: '', err });
    expect(err).not.toContain('\n');
  });
});

describe('kb query and kb search answers', () => {
  it('kb search -- --help searches for the words, it is not help', async () => {
    const r = await run('search', '--kb', ARIA, '--', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^No matches for "--help"/);
  });
  it('a tag nobody uses: the closest known values, exit 0', async () => {
    const r = await run('search', '--kb', ARIA, '--tag', 'strpe');
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out.split('\n')).toEqual([
      expect.stringMatching(/^No matches\. Valid values: \S+\/kb-tags\.txt$/),
      '"strpe" is not a known tag; closest known values: stripe.',
    ]);
  });
  it('kb query with no match: no stale "run kb index" advice, a search to try', async () => {
    const r = await run('query', 'graphql', '--kb', ARIA);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/kb index/);
    expect(r.out).toMatch(/check the spelling, or search the words instead: kb search graphql$/);
  });
});

describe('kb check on a big folder', () => {
  const dir = tempDir();
  for (let i = 0; i < 25; i++) writeFileSync(join(dir, `note-${String(i).padStart(2, '0')}.md`), `# Note ${i}\n`);
  const lines = (text: string) => text.split('\n').filter((l) => l.startsWith('- note-')).length;
  it('prints a summary line first, then at most 20 items a section and how many more', async () => {
    const r = await run('check', '--kb', dir);
    expect(r.code).toBe(1);
    const out = r.out.split('\n');
    expect(out[0]).toBe('Checked 25 notes: 25 untagged notes.');
    expect(out[2]).toBe('## Untagged notes (25)');
    expect(lines(r.out)).toBe(CHECK_SECTION_LIMIT);
    expect(out.at(-1)).toBe('… and 5 more (use --all)');
  });
  it('--all lists everything', async () => {
    const r = await run('check', '--kb', dir, '--all');
    expect(lines(r.out)).toBe(25);
    expect(r.out).not.toContain('more (use --all)');
  });
  it('--json has everything', async () => expect(JSON.parse((await run('check', '--kb', dir, '--json')).out).untagged).toHaveLength(25));
});
