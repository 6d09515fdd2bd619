// `kb review` on a knowledge folder in git with a scripted history (reviewHistory.ts): each kind of change, reviewed
// against the commit before it, shows its line in the Markdown and its field in the JSON; the whole history against
// its merge base is a golden file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { knowledgeReviewSchema, type KnowledgeReview } from '../../src/core/review/reviewSchema.js';
import { captureIo, tempDir } from './foundationSupport.js';
import { git } from './gitSupport.js';
import { scriptedHistory } from './reviewHistory.js';

const TODAY = '2026-10-15';
const history = scriptedHistory();

async function review(args: string[], cwd = history.repo) {
  const io = captureIo(cwd);
  const code = await main(['review', '--kb', 'kb', '--today', TODAY, ...args], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

/** Check out `commit` (the working tree), then review it against `base` as Markdown and as JSON. */
async function reviewAt(commit: string, base: string) {
  git(history.repo, ['checkout', '-q', '--detach', commit]);
  const md = await review(['--base', base]);
  const json = await review(['--base', base, '--json']);
  return { md, json: knowledgeReviewSchema.parse(JSON.parse(json.out)) };
}

type Row = [kind: string, line: string, field: (r: KnowledgeReview) => unknown, expected: unknown];

const ROWS: Row[] = [
  ['note added', '- added `guides/onboarding.md`: Onboarding', (r) => r.notes.added, [{ path: 'guides/onboarding.md', title: 'Onboarding' }]],
  [
    'note removed',
    '- removed `guides/old-release-process.md`: The old release process',
    (r) => r.notes.removed.map((n) => n.path),
    ['guides/old-release-process.md'],
  ],
  [
    'tag changed',
    '- `deployment`: list changed; +1: `guides/kubernetes-basics.md`',
    (r) => r.tagPages,
    [{ tag: 'deployment', change: 'changed', notesIn: ['guides/kubernetes-basics.md'], notesOut: [], aliases: [] }],
  ],
  ['alias added', '- `k8s` → `kubernetes`: new', (r) => r.aliasPages, [{ alias: 'k8s', change: 'added', after: 'kubernetes' }]],
  [
    'broken link',
    '- `guides/deploying.md:9` wikilink `rollback-plan`: no such note',
    (r) => r.brokenLinks,
    [{ file: 'guides/deploying.md', line: 9, kind: 'wikilink', target: 'rollback-plan', reason: 'missing' }],
  ],
  ['untagged note', '- `guides/scratch.md`: no tag page lists it and no tag query finds it', (r) => r.untagged, ['guides/scratch.md']],
  [
    'note renamed',
    '- `guides/onboarding.md:9` wikilink `scratch`: no such note; renamed to `guides/scratch/ideas.md`',
    (r) => [r.notes, r.untagged, r.brokenLinks.map((b) => [b.target, b.suggestion])],
    [
      { added: [], removed: [], renamed: [{ from: 'guides/scratch.md', to: 'guides/scratch/ideas.md', title: 'Scratch notes' }] },
      [],
      [['scratch', 'guides/scratch/ideas.md']],
    ],
  ],
  [
    'credential',
    '- `guides/staging.md:8` **redacted**: holds what looks like a credential (aws (AWSAccessKeyID)); published as \\[redacted: aws\\]. Take it out of the note (and rotate it if it is real: it is in the history).',
    (r) => [r.credentials.map((c) => [c.file, c.line, c.action]), r.counts.credentialsRedacted, r.counts.credentialsAllowed],
    [
      [
        ['guides/staging.md', 8, 'redacted'],
        ['guides/staging.md', 10, 'allowed'],
      ],
      1,
      1,
    ],
  ],
  [
    'deprecated note still cited',
    '- `decisions/002-offset-pagination.md`: deprecated; cited by `pagination`',
    (r) => r.deprecatedCited,
    [{ path: 'decisions/002-offset-pagination.md', packs: ['pagination'], status: 'deprecated' }],
  ],
  [
    'stale note still cited',
    // `pagination` names it under Further reading (a weak match, still a note the pack sends the agent to).
    '- `lessons/webhook-duplicates.md`: last updated 2024-03-01 (958 days ago); cited by `pagination`, `webhooks`',
    (r) => r.staleCited,
    [{ path: 'lessons/webhook-duplicates.md', packs: ['pagination', 'webhooks'], day: '2024-03-01', ageDays: 958 }],
  ],
  [
    'pack citations',
    '  - cites now: `lessons/refund-cursor-bugs.md`',
    (r) => r.packs.map((p) => [p.slug, p.citedIn]),
    [['pagination', ['lessons/refund-cursor-bugs.md']]],
  ],
];

describe.each(ROWS)('kb review: %s', (kind, line, field, expected) => {
  it('shows its line in the Markdown and its field in the JSON', async () => {
    const { before, after } = history.commits.get(kind)!;
    const { md, json } = await reviewAt(after, before);
    expect(md.code).toBe(0);
    expect(md.out.split('\n')).toContain(line);
    expect(field(json)).toEqual(expected);
  });
});

describe('kb review: what was there before is not new', () => {
  it('the last commit against its parent lists none of the problems the history brought in before', async () => {
    const { before, after } = history.commits.get('pack citations')!;
    const { json } = await reviewAt(after, before);
    expect([json.brokenLinks, json.untagged, json.credentials, json.staleCited, json.deprecatedCited, json.packsLowConfidence]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(json.counts.problems).toBe(0);
    expect(json.aliasPages).toEqual([]);
  });
});

describe('kb review over the whole history', () => {
  it('against the merge base with the default branch, as the golden file', async () => {
    git(history.repo, ['checkout', '-q', 'feature']);
    const r = await review([]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`against \`main\` (merge base of HEAD and main, \`${history.root.slice(0, 12)}\`)`);
    await expect(r.out).toMatchFileSnapshot('__golden__/review/whole-history.md');
  });
  it('is the example docs/review.md shows', () => {
    const golden = readFileSync(join(import.meta.dirname, '__golden__/review/whole-history.md'), 'utf8');
    expect(readFileSync(join(import.meta.dirname, '../../docs/review.md'), 'utf8')).toContain(`\`\`\`text\n${golden}\`\`\``);
  });
});

describe('kb review: exit codes', () => {
  it('--strict exits 1 when the change brings in a problem, 0 when it brings in none', async () => {
    git(history.repo, ['checkout', '-q', 'feature']);
    expect((await review(['--strict'])).code).toBe(1);
    const { before, after } = history.commits.get('note removed')!;
    git(history.repo, ['checkout', '-q', '--detach', after]);
    const clean = await review(['--strict', '--base', before]);
    expect(clean.out).toContain('### Knowledge review: no problems');
    expect(clean.code).toBe(0);
  });

  /** A folder with one note: in no repository, or in one whose only branch is `trunk`. */
  const folder = (repo: 'none' | 'trunk') => {
    const dir = tempDir('kb-review-');
    writeFileSync(join(dir, 'a.md'), '# A\n');
    if (repo === 'trunk') {
      git(dir, ['init', '-q', '-b', 'trunk']);
      git(dir, ['add', '-A']);
      git(dir, ['commit', '-q', '-m', 'a']);
    }
    return dir;
  };
  describe.each<[string, () => [cwd: string, args: string[]], string]>([
    ['an unknown flag', () => [history.repo, ['--kb', 'kb', '--bogus']], "kb review: unknown option '--bogus'"],
    ['an empty --base', () => [history.repo, ['--kb', 'kb', '--base', ' ']], 'kb review: --base is empty'],
    ['a --base that names nothing', () => [history.repo, ['--kb', 'kb', '--base', 'no-such-branch']], 'kb review: --base no-such-branch: no such commit'],
    ['a folder in no repository', () => [folder('none'), []], 'kb review: . is not in a git repository'],
    ['no default branch and no --base', () => [folder('trunk'), []], 'kb review: no default branch found (no origin/HEAD, origin/main'],
  ])('%s exits 2', (_case, setup, message) => {
    it('with a one-line message', async () => {
      const [cwd, args] = setup();
      const io = captureIo(cwd);
      const code = await main(['review', '--kb', '.', ...args], io);
      expect(code).toBe(2);
      expect(io.stderr.join('\n')).toContain(message);
    });
  });
});

describe('kb review: a credential in a file the site publishes beside the notes', () => {
  it('a linked text attachment and a zip-based one are reviewed as the build scans them', async () => {
    const repo = tempDir('kb-review-files-');
    const kb = join(repo, 'kb');
    mkdirSync(join(kb, 'files'), { recursive: true });
    writeFileSync(join(kb, 'deploy.md'), '---\ntags: [deploy]\n---\n# Deploy\n\nSteps.\n');
    git(repo, ['init', '-q', '-b', 'main']);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'base']);
    writeFileSync(
      join(kb, 'deploy.md'),
      '---\ntags: [deploy]\n---\n# Deploy\n\nSteps. The [log](files/deploy-log.txt) and the [accounts](files/accounts.xlsx).\n',
    );
    writeFileSync(join(kb, 'files/deploy-log.txt'), 'ok\naws_access_key_id = AKIAZ5QX3RT7LMNB4KPW\n');
    writeFileSync(
      join(kb, 'files/accounts.xlsx'),
      Buffer.from(zipSync({ 'xl/sharedStrings.xml': strToU8('<sst><si><t>AKIAZ5QX3RT7LMNB4KPW</t></si></sst>') })),
    );
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'head']);
    const { code, out } = await review(['--base', 'HEAD~1', '--json'], repo);
    expect(code).toBe(0);
    const json = knowledgeReviewSchema.parse(JSON.parse(out));
    expect(json.credentials.map((c) => [c.file, c.line ?? null, c.action])).toEqual([
      ['files/accounts.xlsx', null, 'redacted'],
      ['files/deploy-log.txt', 2, 'redacted'],
    ]);
    expect(out).not.toContain('AKIAZ5QX3RT7LMNB4KPW');
  });
});
