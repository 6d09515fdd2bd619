// A knowledge folder in git with a scripted history for `kb review`: tests/fixtures/review-history/ as the first
// commit on `main`, then one commit per kind of change on the branch `feature`. Names, emails and dates are
// pinned, so every commit id is the same on every run (the golden file quotes the base's).
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fixture, tempDir } from './foundationSupport.js';
import { git } from './gitSupport.js';

type Edit = (kb: {
  read(path: string): string;
  write(path: string, text: string): void;
  remove(path: string): void;
  replace(path: string, from: string, to: string): void;
}) => void;

/** One commit per kind of change, in history order. */
export const STEPS: [kind: string, edit: Edit][] = [
  [
    'note added',
    (kb) =>
      kb.write(
        'guides/onboarding.md',
        '---\ntitle: Onboarding\ndescription: The first week on the team.\ntags: [onboarding]\n---\n\n# Onboarding\n\nRead [[deploying]] first.\n',
      ),
  ],
  ['note removed', (kb) => kb.remove('guides/old-release-process.md')],
  ['tag changed', (kb) => kb.replace('guides/kubernetes-basics.md', 'tags: [kubernetes]', 'tags: [kubernetes, deployment]')],
  ['alias added', (kb) => kb.replace('kb.config.yaml', 'packs:', 'aliases:\n  k8s: kubernetes\npacks:')],
  ['broken link', (kb) => kb.replace('guides/deploying.md', 'in [[kubernetes-basics]].', 'in [[kubernetes-basics]]. If it fails, follow [[rollback-plan]].')],
  [
    'untagged note',
    (kb) => {
      kb.write('guides/scratch.md', '---\ntitle: Scratch notes\n---\n\n# Scratch notes\n\nThings to sort out later.\n');
      kb.replace('guides/onboarding.md', 'Read [[deploying]] first.', 'Read [[deploying]] first, then [[scratch]].');
    },
  ],
  [
    'note renamed',
    (kb) => {
      kb.write('guides/scratch/ideas.md', kb.read('guides/scratch.md'));
      kb.remove('guides/scratch.md');
    },
  ],
  [
    'credential',
    (kb) => {
      kb.write(
        'guides/staging.md',
        [
          '---',
          'title: Staging access',
          'tags: [deployment]',
          '---',
          '',
          '# Staging access',
          '',
          'The deploy user: AKIAZ5QX3RT7LMNB4KPW.',
          '',
          'The test database: postgres://app:Sup3rS3cretPw@db.internal:5432/app',
          '',
        ].join('\n'),
      );
      kb.replace('kb.config.yaml', 'packs:', 'secrets:\n  allow: [Sup3rS3cretPw]\npacks:');
    },
  ],
  ['deprecated note still cited', (kb) => kb.replace('decisions/002-offset-pagination.md', 'type: decision', 'type: decision\nstatus: deprecated')],
  ['stale note still cited', (kb) => kb.replace('lessons/webhook-duplicates.md', 'updated: 2026-09-01', 'updated: 2024-03-01')],
  [
    'pack citations',
    (kb) =>
      kb.write(
        'lessons/refund-cursor-bugs.md',
        [
          '---',
          'title: Cursor pagination bugs on the refunds endpoint',
          'description: What broke when the refunds API endpoint moved to cursor pagination.',
          'tags: [api, pagination]',
          'type: lesson',
          'date: 2026-09-20',
          '---',
          '',
          '# Cursor pagination bugs on the refunds endpoint',
          '',
          'Adding cursor pagination to the refunds API endpoint broke two clients: the cursor must encode the',
          'refund id as well as created_at, and an empty page must still return next_cursor as null.',
          '',
        ].join('\n'),
      ),
  ],
];

export interface History {
  repo: string;
  /** The knowledge folder inside the repository (`kb/`). */
  kbDir: string;
  /** The first commit (on `main`). */
  root: string;
  /** Each step's commit, by kind, with the commit before it. */
  commits: Map<string, { before: string; after: string }>;
}

export function scriptedHistory(): History {
  const repo = join(tempDir('kb-review-'), 'repo');
  const kbDir = join(repo, 'kb');
  cpSync(fixture('review-history'), kbDir, { recursive: true });
  git(repo, ['init', '-q', '-b', 'main']);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'The knowledge folder']);
  const root = git(repo, ['rev-parse', 'HEAD']);
  git(repo, ['checkout', '-q', '-b', 'feature']);
  const kb = {
    read: (path: string) => readFileSync(join(kbDir, path), 'utf8'),
    write: (path: string, text: string) => {
      mkdirSync(dirname(join(kbDir, path)), { recursive: true });
      writeFileSync(join(kbDir, path), text);
    },
    remove: (path: string) => rmSync(join(kbDir, path)),
    replace: (path: string, from: string, to: string) => {
      const text = readFileSync(join(kbDir, path), 'utf8');
      if (!text.includes(from)) throw new Error(`${path} has no "${from}"`);
      writeFileSync(join(kbDir, path), text.replace(from, to));
    },
  };
  const commits = new Map<string, { before: string; after: string }>();
  let before = root;
  STEPS.forEach(([kind, edit], i) => {
    edit(kb);
    const date = `2026-10-${String(2 + i).padStart(2, '0')}T12:00:00Z`;
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', kind], date);
    const after = git(repo, ['rev-parse', 'HEAD']);
    commits.set(kind, { before, after });
    before = after;
  });
  return { repo, kbDir, root, commits };
}
