import { describe, expect, it } from 'vitest';
import { clip, extractExcerpt, plainLinks } from '../../src/core/context/extractExcerpt.js';
import type { StoredNote } from '../../src/core/context/packParts.js';
import { renderEntry } from '../../src/core/context/renderEntry.js';

const note = (description: string, title = 'A note') => ({ title, description });

describe.each([
  {
    rule: 'a compiled-truth / summary section wins',
    description: 'The frontmatter description',
    body: '# A note\n\nIntro paragraph.\n\n## Compiled Truth\n\nThe summary the author wrote.\n\n## Details\n\nMore.',
    kind: 'summary',
    lead: 'The summary the author wrote.',
  },
  {
    rule: 'else the description frontmatter',
    description: 'Retries need idempotency keys.',
    body: '# A note\n\nIntro paragraph.',
    kind: 'description',
    lead: 'Retries need idempotency keys.',
  },
  {
    rule: 'else the first paragraph (a code block is not a paragraph)',
    description: 'A note',
    body: '# A note\n\n```yaml\nkey: value\n```\n\nThe first prose paragraph, with a [[linked note|link]].\n\nSecond.',
    kind: 'first-paragraph',
    lead: 'The first prose paragraph, with a link.',
  },
  { rule: 'an empty note has no lead', description: 'A note', body: '# A note\n', kind: 'none', lead: '' },
])('$rule', ({ description, body, kind, lead }) => {
  const e = extractExcerpt(note(description), body);
  it(`reads a ${kind} lead`, () => expect({ kind: e.kind, lead: e.lead }).toEqual({ kind, lead }));
});

describe('sections', () => {
  it('are the text before the first heading, then one per heading at the shallowest depth, deeper ones folded in', () => {
    const e = extractExcerpt(note('Lead.'), '# A note\n\nOpening.\n\n## One\n\nShort.\n\n### One a\n\nDeeper.\n\n## Two\n\nMore.');
    expect(e.units).toEqual([{ blocks: ['Opening.'] }, { heading: 'One', blocks: ['Short.', '**One a**', 'Deeper.'] }, { heading: 'Two', blocks: ['More.'] }]);
  });
  it('take a `#` title below an opening section as the title, not as a section holding the rest', () => {
    const e = extractExcerpt(
      note('Lead.', 'fix: loop'),
      '## Enhancement Summary\n\nDeepened.\n\n# fix: loop\n\n## Overview\n\nO.\n\n## Proposed Solution\n\nS.',
    );
    expect(e.units.map((u) => u.heading)).toEqual(['Enhancement Summary', 'Overview', 'Proposed Solution']);
  });
  it.each([
    ['a link-list footer', '# T\n\nBody.\n\n---\n\nRelevant Notes:\n- [[a]] — why\n- [[b]] — why\n\nTopics:\n- [[c]]'],
    ['a source line underlined as a heading', '# T\n\nBody.\n\n---\n\nSource: [[paper-41]]\n---'],
    ['a tags section', '# T\n\nBody.\n\n## Tags\n\ncategory: build-errors'],
    ['a related section', '# T\n\nBody.\n\n## Related\n\n- [x](x.md) — why'],
  ])('leave out %s', (_, body) => {
    expect(extractExcerpt(note('Lead.'), body).units).toEqual([{ blocks: ['Body.'] }]);
  });
});

describe.each([
  { text: 'Short.', max: 100, out: 'Short.' },
  { text: 'First sentence here. Second sentence is long enough to cut.', max: 40, out: 'First sentence here. …' },
])('clip($text, $max)', ({ text, max, out }) => {
  it('cuts after a sentence', () => expect(clip(text, max)).toBe(out));
});

it('plainLinks keeps the words of a wikilink', () => expect(plainLinks('see [[a#b|label]] and [[target#x]]')).toBe('see label and target'));

describe.each([
  { rule: 'an open code span', text: 'Claims use `SELECT ... FOR UPDATE SKIP LOCKED` so two workers never take a row.', max: 30, out: 'Claims use …' },
  { rule: 'an open bold run', text: 'Keep it short. **Derive keys from something stable we own** and never from the clock.', max: 40, out: 'Keep it short. …' },
  { rule: 'an open code fence', text: 'Format:\n\n```\nbase64url(payload) + "." + signature\n```', max: 30, out: 'Format: …' },
])('clip closes what it cut open: $rule', ({ text, max, out }) => {
  it('cuts before the span', () => expect(clip(text, max)).toBe(out));
});

describe('entries', () => {
  const stored = (lead: string, units: StoredNote['units']): StoredNote => ({
    path: 'a/retries.md',
    title: 'Retries',
    description: '',
    status: 'active',
    tokens: 900,
    kind: 'pattern',
    lead,
    units,
    links: '',
    keys: '',
    levels: '',
  });
  it('puts each section label on a line of its own and says what was left out', () => {
    const s = stored('Lead.', [
      { h: 'Rules', b: ['- one\n- two'], t: [6] },
      { h: 'Why', b: ['Because.'], t: [3] },
      { h: 'History', b: ['Long ago.'], t: [4] },
    ]);
    const text = renderEntry(s, {
      form: 'sections',
      picks: new Map([
        [0, [0]],
        [1, [0]],
      ]),
    });
    expect(text).toBe(
      '### Retries\n\nSource: `a/retries.md`\n\nLead.\n\n**Rules**\n\n- one\n- two\n\n**Why**\n\nBecause.\n\n_Cut at a heading boundary: “History” (the full note has 900 tokens)._',
    );
  });
  it('counts the paragraphs shown of a note without headings', () => {
    const s = stored('Lead.', [{ b: ['One.', 'Two.', 'Three.'], t: [2, 2, 2], more: 1 }]);
    expect(renderEntry(s, { form: 'sections', picks: new Map([[0, [1]]]) })).toMatch(/_Excerpt: 1 of 3\+ paragraphs \(the full note has 900 tokens\)\._$/);
  });
  it('flattens a list lead into one line of prose for a one-line entry', () => {
    const s = stored('- Networks fail.\n- Use a key.\n\n```\ncode\n```', []);
    expect(renderEntry(s, { form: 'line' })).toBe('- **Retries** (`a/retries.md`) — Networks fail. Use a key.');
  });
});
