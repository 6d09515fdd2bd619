import { describe, expect, it } from 'vitest';
import { classifyPath, detectLayout } from '../../src/core/classify/classifyPath.js';

describe.each([
  ['approaches/ is cross-project', 'approaches/api.md', { kind: 'note', tier: 'cross-project' }],
  ['decisions/ is cross-project', 'decisions/001-x.md', { kind: 'note', tier: 'cross-project' }],
  ['decisions/ is not recursive', 'decisions/old/001-x.md', { kind: 'excluded', rule: 'outside-layout' }],
  ['guides/ is recursive', 'guides/onboarding/day-1.md', { kind: 'note', tier: 'cross-project' }],
  ['references/ is recursive', 'references/a/b.mdx', { kind: 'note', tier: 'cross-project' }],
  ['projects/<key>/** is the project tier', 'projects/ss/decisions/004.md', { kind: 'note', tier: 'project', projectKey: 'ss' }],
  ['projects/README.md is skipped', 'projects/README.md', { kind: 'excluded', rule: 'project-readme' }],
  ['projects/<key>/README.md is skipped', 'projects/ss/README.md', { kind: 'excluded', rule: 'project-readme' }],
  ['deeper READMEs are notes', 'projects/ss/api/README.md', { kind: 'note', tier: 'project', projectKey: 'ss' }],
  ['logs/retrospect is reviews', 'logs/retrospect/2026-q3.md', { kind: 'note', tier: 'reviews' }],
  ['logs/prospect is reviews', 'logs/prospect/2027.md', { kind: 'note', tier: 'reviews' }],
  ['top-level logs are not indexed', 'logs/2026-10-01.md', { kind: 'excluded', rule: 'logs' }],
  ['archive/ is not indexed', 'archive/old.md', { kind: 'excluded', rule: 'archive' }],
  ['an archive folder at any depth', 'projects/pay/archive/2024/x.md', { kind: 'excluded', rule: 'archive' }],
  ['an archive folder in any case', 'guides/Archive/x.md', { kind: 'excluded', rule: 'archive' }],
  ['a file named archive is a note', 'guides/archive.md', { kind: 'note', tier: 'cross-project' }],
  ['archives/ is not archive/', 'guides/archives/x.md', { kind: 'note', tier: 'cross-project' }],
  ['intake/ideas/ are ideas', 'intake/ideas/2026-11-01-x.md', { kind: 'idea' }],
  ['intake/ideas/README.md is not an idea', 'intake/ideas/README.md', { kind: 'excluded', rule: 'intake' }],
  ['the rest of intake/ is not indexed', 'intake/inbox.md', { kind: 'excluded', rule: 'intake' }],
  ['rules/ is not indexed', 'rules/tagging.md', { kind: 'excluded', rule: 'rules' }],
  ['root README.md', 'README.md', { kind: 'excluded', rule: 'root-meta' }],
  ['root LOCAL.md', 'LOCAL.md', { kind: 'excluded', rule: 'root-meta' }],
  ['root OVERVIEW.md', 'OVERVIEW.md', { kind: 'excluded', rule: 'root-meta' }],
  ['root index.md', 'index.md', { kind: 'excluded', rule: 'root-meta' }],
  ['other root files', 'scratch.md', { kind: 'excluded', rule: 'outside-layout' }],
  ['other folders', 'drafts/x.md', { kind: 'excluded', rule: 'outside-layout' }],
  ['non-markdown', 'guides/diagram.png', { kind: 'excluded', rule: 'not-markdown' }],
  ['ignored folders', 'guides/node_modules/x.md', { kind: 'excluded', rule: 'ignored-folder' }],
])('aria layout: %s', (_rule, path, expected) => {
  it(path, () => expect(classifyPath(path, 'aria')).toEqual(expected));
});

describe.each([
  ['every markdown file is a note', 'project/learnings/n-plus-one.md', { kind: 'note', tier: 'cross-project' }],
  ['root files too', 'README.md', { kind: 'note', tier: 'cross-project' }],
  ['archive/ is not indexed', 'archive/x.md', { kind: 'excluded', rule: 'archive' }],
  ['nested archive/ folders are not indexed (seed 003)', 'project/specs/archive/old-spec.md', { kind: 'excluded', rule: 'archive' }],
  ['ARCHIVE/ in capitals neither', 'project/plans/ARCHIVE/x.mdx', { kind: 'excluded', rule: 'archive' }],
  ['a note beside an archive folder is a note', 'project/specs/current.md', { kind: 'note', tier: 'cross-project' }],
  ['.obsidian is ignored', '.obsidian/workspace.md', { kind: 'excluded', rule: 'ignored-folder' }],
  ['.git is ignored', '.git/x.md', { kind: 'excluded', rule: 'ignored-folder' }],
])('flat layout: %s', (_rule, path, expected) => {
  it(path, () => expect(classifyPath(path, 'flat')).toEqual(expected));
});

describe('classifyPath with archive: false (config include names the file)', () => {
  it.each([
    ['flat', 'project/specs/archive/old.md', { kind: 'note', tier: 'cross-project' }],
    ['aria', 'projects/pay/archive/x.md', { kind: 'note', tier: 'project', projectKey: 'pay' }],
    ['aria', 'archive/x.md', { kind: 'excluded', rule: 'outside-layout' }],
  ] as const)('%s: %s', (layout, path, expected) => expect(classifyPath(path, layout, { archive: false })).toEqual(expected));
});

describe('detectLayout', () => {
  it.each([
    [['approaches', 'logs'], 'aria'],
    [['projects'], 'aria'],
    [['knowledge-base'], 'flat'],
    [[], 'flat'],
  ] as const)('%j → %s', (dirs, layout) => expect(detectLayout(dirs)).toBe(layout));
});
