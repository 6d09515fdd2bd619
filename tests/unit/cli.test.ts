// `kb index` and `kb check` run in-process through main() with a capturing Io (issue 2's CLI contract).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo, copyFixture, fixture, tempDir } from './foundationSupport.js';

const run = async (argv: string[], env: Record<string, string> = {}, cwd = process.cwd()) => {
  const io = captureIo(cwd, env);
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

describe.each([
  ['no command: usage on stderr', [], 2, 'err', 'Usage: kb <command>'],
  ['--help: usage on stdout', ['--help'], 0, 'out', 'Usage: kb <command>'],
  ['unknown command', ['frobnicate'], 2, 'err', 'kb: unknown command "frobnicate"'],
  ['unknown flag on index', ['index', '--bogus'], 2, 'err', "kb index: unknown option '--bogus'; run `kb index --help` for usage."],
  ['positional on check', ['check', 'extra'], 2, 'err', "kb check: unexpected argument 'extra'; run `kb check --help` for usage."],
  [
    'a folder that does not exist',
    ['index', '--kb', '/nonexistent/kb-folder'],
    2,
    'err',
    'kb index: no knowledge folder at /nonexistent/kb-folder — is --kb right?',
  ],
])('kb: %s', (_case, argv, code, stream, text) => {
  it(`exits ${code}`, async () => {
    const r = await run(argv);
    expect(r.code).toBe(code);
    expect(stream === 'out' ? r.out : r.err).toContain(text);
  });
});

describe('kb index', () => {
  it('writes the four outputs and prints the counts', async () => {
    const out = tempDir();
    const r = await run(['index', '--kb', fixture('aria-basic'), '--out', out]);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['index.md', 'kb-categories.txt', 'kb-index.json', 'kb-tags.txt']);
    expect(r.out).toContain('Files seen: 44\nNotes indexed: 20 (5 with warnings)\nIdeas: 3\nUnpublished (draft/private): 0\nExcluded: 21 (');
    expect(r.err).toContain('guides/yaml/related-prs.md:5: warning:');
  });
  it('run twice gives byte-identical outputs', async () => {
    const [a, b] = [tempDir(), tempDir()];
    await run(['index', '--kb', fixture('aria-basic'), '--out', a]);
    await run(['index', '--kb', fixture('aria-basic'), '--out', b]);
    for (const f of readdirSync(a)) expect(readFileSync(join(a, f))).toEqual(readFileSync(join(b, f)));
  });
  it('--out is relative to the working directory; --kb defaults to KB_DIR', async () => {
    const cwd = tempDir();
    const r = await run(['index', '--out', 'out'], { KB_DIR: fixture('flat-vault') }, cwd);
    expect(r.code).toBe(0);
    expect(readFileSync(join(cwd, 'out/kb-tags.txt'), 'utf8')).toBe('database\njournal\nperformance\nretries\n');
  });
  it('a config error exits 1 and names the key', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'kb.config.yaml'), 'staleness:\n  ideas: soon\n');
    const r = await run(['index', '--kb', dir, '--out', tempDir()]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('kb.config.yaml:2: staleness.ideas: Expected number, received string');
  });
  it('--json prints machine output only on stdout', async () => {
    const r = await run(['index', '--kb', fixture('flat-vault'), '--out', tempDir(), '--json']);
    expect(() => JSON.parse(r.out)).not.toThrow();
    expect(r.err).toBe('');
  });
});

describe('kb index and secrets', () => {
  const dir = copyFixture('secrets-basic');
  it('keeps notes holding credentials, redacts them and says where', async () => {
    const out = tempDir();
    const r = await run(['index', '--kb', dir, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      'guides/webhook-url.md:7: warning: holds what looks like a credential (basicauth (BasicAuth)); published as [redacted: basicauth].',
    );
    expect(r.out).not.toContain('Not published');
    const index = readFileSync(join(out, 'kb-index.json'), 'utf8');
    expect(index).toContain('guides/webhook-url.md');
    expect(index).not.toContain('S3cr3tPassw0rd');
  });
  it.each([
    ['--allow-secrets', ['--allow-secrets'], {}],
    ['KB_ALLOW_SECRETS=1', [], { KB_ALLOW_SECRETS: '1' }],
  ])('%s publishes them as written, with a warning', async (_case, flags, env) => {
    const r = await run(['index', '--kb', dir, '--out', tempDir(), ...flags], env);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      'guides/webhook-url.md:7: warning: holds what looks like a credential (basicauth (BasicAuth)); published as written because secrets are allowed.',
    );
  });
});

describe('kb check', () => {
  it('reports problems and suggestions, exit 1', async () => {
    const r = await run(['check', '--kb', fixture('flat-check')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('## Problems (1)\nbroken.md:2: warning: frontmatter is not valid YAML');
    expect(r.out).toContain('- untagged.md: add `tags:` to its frontmatter');
    expect(r.out).toContain('- database / db (abbreviation): use `database`');
    expect(r.out).toContain('## Promote to Known Tags (1)\n- caching (3 notes)');
    expect(r.out).toContain('## Skipped ephemeral stamps (4)');
  });
  it('--json gives the same findings as data', async () => {
    const r = await run(['check', '--kb', fixture('flat-check'), '--json']);
    expect(JSON.parse(r.out)).toMatchObject({ untagged: ['untagged.md'], promote: [{ tag: 'caching', count: 3 }] });
  });
  it('exits 0 with "No problems found." on a clean folder', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes/a.md'), '---\ntags: [api]\n---\n# A\n');
    const r = await run(['check', '--kb', dir]);
    expect([r.code, r.out]).toEqual([0, 'Checked 1 note: no problems found.']);
  });
  it('never edits a note', async () => {
    const dir = copyFixture('flat-check');
    const digest = () =>
      (readdirSync(dir, { recursive: true }) as string[])
        .sort()
        .filter((f) => f.endsWith('.md'))
        .map((f) =>
          createHash('sha256')
            .update(readFileSync(join(dir, f)))
            .digest('hex'),
        )
        .join();
    const before = digest();
    await run(['check', '--kb', dir]);
    expect(digest()).toBe(before);
    expect(readdirSync(dir).sort()).toEqual(readdirSync(fixture('flat-check')).sort());
  });
  it('reports alias errors', async () => {
    const r = await run(['check', '--kb', fixture('aria-alias-chain')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('aliases.md:3: error: alias chain');
  });
});
