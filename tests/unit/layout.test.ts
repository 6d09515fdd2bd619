// Each layout rule of issue 2, checked through the real pipeline on a fixture folder.
import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { fixture } from './foundationSupport.js';

const aria = indexKnowledgeFolder(fixture('aria-basic'));
const flat = indexKnowledgeFolder(fixture('flat-vault'));
const outcomeOf = (result: typeof aria, path: string) => {
  const e = result.report.find((x) => x.path === path);
  const note = result.index.notes.find((n) => n.path === path);
  return { outcome: e?.outcome, rule: e?.rule, tier: note?.tier };
};

describe.each([
  ['approaches/ is cross-project', 'approaches/api-versioning.md', { outcome: 'indexed', tier: 'cross-project' }],
  ['decisions/ is cross-project', 'decisions/001-use-postgres.md', { outcome: 'indexed', tier: 'cross-project' }],
  ['decisions/ is not recursive', 'decisions/old/000-legacy.md', { outcome: 'excluded', rule: 'outside-layout' }],
  ['guides/ is recursive', 'guides/onboarding/day-one.md', { outcome: 'indexed', tier: 'cross-project' }],
  ['references/ is recursive, .mdx too', 'references/http/status-codes.mdx', { outcome: 'indexed', tier: 'cross-project' }],
  ['projects/<key>/** is the project tier', 'projects/pay/lessons/refund-race.md', { outcome: 'indexed', tier: 'project' }],
  ['projects/README.md is skipped', 'projects/README.md', { outcome: 'excluded', rule: 'project-readme' }],
  ['projects/<key>/README.md is skipped', 'projects/pay/README.md', { outcome: 'excluded', rule: 'project-readme' }],
  ['a deeper README is a note', 'projects/pay/api/README.md', { outcome: 'indexed', tier: 'project' }],
  ['logs/retrospect/ is reviews', 'logs/retrospect/2026-q1.md', { outcome: 'indexed', tier: 'reviews' }],
  ['logs/prospect/ is reviews', 'logs/prospect/2026-q2.md', { outcome: 'indexed', tier: 'reviews' }],
  ['top-level logs/*.md are not indexed', 'logs/2026-01-01.md', { outcome: 'excluded', rule: 'logs' }],
  ['archive/ is not indexed', 'archive/old.md', { outcome: 'excluded', rule: 'archive' }],
  ['intake/ideas/*.md are ideas', 'intake/ideas/2026-01-15-dark-mode.md', { outcome: 'idea' }],
  ['intake/ideas/README.md is not an idea', 'intake/ideas/README.md', { outcome: 'excluded', rule: 'intake' }],
  ['the rest of intake/ is not indexed', 'intake/inbox.md', { outcome: 'excluded', rule: 'intake' }],
  ['rules/ is not indexed', 'rules/tagging.md', { outcome: 'excluded', rule: 'rules' }],
  ['root README.md', 'README.md', { outcome: 'excluded', rule: 'root-meta' }],
  ['root LOCAL.md', 'LOCAL.md', { outcome: 'excluded', rule: 'root-meta' }],
  ['root OVERVIEW.md', 'OVERVIEW.md', { outcome: 'excluded', rule: 'root-meta' }],
  ['root index.md', 'index.md', { outcome: 'excluded', rule: 'root-meta' }],
  ['root aliases.md is read as aliases, not a note', 'aliases.md', { outcome: 'excluded', rule: 'root-meta' }],
  ['other root files are outside the layout', 'scratch.md', { outcome: 'excluded', rule: 'outside-layout' }],
  ['non-Markdown files', 'notes.txt', { outcome: 'excluded', rule: 'not-markdown' }],
  ['a project code repo inside the folder is not knowledge', 'repos/pay-api/src/app.md', { outcome: 'excluded', rule: 'code-repo' }],
  ['team-shared (sharing on): top level is a note', 'repos/pay-api/_project-knowledge/2026-01-refund-rounding.md', { outcome: 'indexed', tier: 'team-shared' }],
  ['team-shared: cross/ is a note', 'repos/pay-api/_project-knowledge/cross/logging.md', { outcome: 'indexed', tier: 'team-shared' }],
  ['team-shared: IDEAS-BACKLOG.md is one note', 'repos/pay-api/_project-knowledge/IDEAS-BACKLOG.md', { outcome: 'indexed', tier: 'team-shared' }],
  ['team-shared: README.md is skipped', 'repos/pay-api/_project-knowledge/README.md', { outcome: 'excluded', rule: 'project-readme' }],
  [
    'team-shared of a project with sharing off is never read',
    'repos/mobile-app/_project-knowledge/sharing-off.md',
    { outcome: 'excluded', rule: 'sharing-off' },
  ],
])('aria layout: %s', (_rule, path, expected) => {
  it(path, () => expect(outcomeOf(aria, path)).toEqual({ rule: undefined, tier: undefined, ...expected }));
});

describe('aria layout: project tier and team-shared membership', () => {
  const note = (path: string) => aria.index.notes.find((n) => n.path === path)!;
  it('adds the project key to the tags of files under projects/<key>/ (union with frontmatter tags)', () => {
    expect(note('projects/pay/lessons/refund-race.md').tags).toEqual(['pay', 'stripe', 'webhooks']);
    expect(note('projects/Mobile/offline.md').tags).toEqual(['mobile', 'offline']);
  });
  it.each([
    ['repos/pay-api/_project-knowledge/2026-01-refund-rounding.md', 'pay', 'repo'],
    ['repos/pay-api/_project-knowledge/IDEAS-BACKLOG.md', 'pay', 'repo'],
    ['repos/pay-api/_project-knowledge/cross/logging.md', 'cross', 'cross'],
  ])('%s is project %s, scope %s', (path, project, scope) => {
    expect(note(path)).toMatchObject({ project, scope, tier: 'team-shared' });
  });
  it('never reads the team-shared folder of a project with sharing off', () => {
    expect(aria.index.notes.some((n) => n.path.startsWith('repos/mobile-app/'))).toBe(false);
    expect(JSON.stringify(aria.index)).not.toContain('never-shared-tag');
  });
});

describe.each([
  ['every Markdown file is a note, at any depth', 'project/learnings/n-plus-one.md', { outcome: 'indexed', tier: 'cross-project' }],
  ['root files too', 'README.md', { outcome: 'indexed', tier: 'cross-project' }],
  ['.mdx files too', 'project/patterns/retry.mdx', { outcome: 'indexed', tier: 'cross-project' }],
  ['archive/ is not indexed', 'archive/2019.md', { outcome: 'excluded', rule: 'archive' }],
  ['.obsidian/ is ignored (reported once, as a folder)', '.obsidian/', { outcome: 'excluded', rule: 'ignored-folder' }],
  ['.trash/ is ignored', '.trash/', { outcome: 'excluded', rule: 'ignored-folder' }],
  ['non-Markdown files', 'attachments/diagram.svg', { outcome: 'excluded', rule: 'not-markdown' }],
])('flat layout: %s', (_rule, path, expected) => {
  it(path, () => expect(outcomeOf(flat, path)).toEqual({ rule: undefined, tier: undefined, ...expected }));
});

describe('layout detection and override', () => {
  it('detects aria from the promoted folders and flat otherwise', () => {
    expect(aria.index.layout).toBe('aria');
    expect(flat.index.layout).toBe('flat');
  });
  it('reads project/learnings/ as the kb search scope in a flat folder (seed 003)', () => expect(flat.index.searchScope).toBe('project/learnings/'));
});
