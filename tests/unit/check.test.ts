// `kb check` findings (issue 2): YAML problems, untagged notes, similar tags with a target, promotion, stamps.
import { describe, expect, it } from 'vitest';
import { checkKnowledge, isEphemeralStamp } from '../../src/core/check/checkKnowledge.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { fixture } from './foundationSupport.js';

const result = indexKnowledgeFolder(fixture('flat-check'));
const report = checkKnowledge(result.index, result.issues);

describe.each([
  ['plural/singular, the known one wins', ['api', 'apis'], 'api', 'plural'],
  ['plural/singular, else the more used', ['webhook', 'webhooks'], 'webhooks', 'plural'],
  ['hyphen variants', ['react-native', 'reactnative'], 'react-native', 'hyphen'],
  ['common abbreviation, the known long form wins', ['database', 'db'], 'database', 'abbreviation'],
])('similar tags: %s', (_rule, tags, target, reason) => {
  it(`${tags.join(' / ')} → ${target}`, () => expect(report.similar).toContainEqual({ tags, target, reason }));
});

describe('kb check findings', () => {
  it('lists exactly the similar pairs above', () => expect(report.similar).toHaveLength(4));
  it('reports YAML problems with file and line', () =>
    expect(report.issues).toEqual([expect.objectContaining({ code: 'yaml-invalid', file: 'broken.md', line: 2 })]));
  it('lists untagged notes', () => expect(report.untagged).toEqual(['untagged.md']));
  it('suggests freeform tags on 3 or more notes for promotion', () => expect(report.promote).toEqual([{ tag: 'caching', count: 3 }]));
  it('lists ephemeral stamps on 3 or more notes as skipped, not promoted', () =>
    expect(report.skippedStamps.map((s) => s.tag)).toEqual(['phase-2', 'plan-3a', 's12', 'soft-launch']));
  it('does not suggest a tag on 2 notes', () => expect(report.promote.some((p) => p.tag === 'webhooks')).toBe(false));
  it('does not flag a pair already declared as an alias', () => {
    const aliased = checkKnowledge({ ...result.index, aliases: { db: 'database' } }, []);
    expect(aliased.similar.some((s) => s.tags.includes('db'))).toBe(false);
  });
});

describe.each([
  ['s12', true],
  ['p3', true],
  ['p-3', true],
  ['phase-2', true],
  ['phase2', true],
  ['plan-3a', true],
  ['future-session-plan', true],
  ['soft-launch', true],
  ['sso', false],
  ['postgres', false],
  ['plan', false],
  ['s3', true],
])('ephemeral stamp %s', (tag, stamp) => {
  it(String(stamp), () => expect(isEphemeralStamp(tag)).toBe(stamp));
});
