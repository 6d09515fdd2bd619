import { describe, expect, it } from 'vitest';
import { clip, extractExcerpt, plainLinks } from '../../src/core/context/extractExcerpt.js';
import { renderEntry } from '../../src/core/context/renderEntry.js';

const note = (description: string, title = 'A note') => ({ title, description, headings: [] });

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
    rule: 'else the problem / decision / fix paragraphs by heading',
    description: 'A note',
    body: '# A note\n\n## Problem\n\nIt broke.\n\nSecond paragraph.\n\n## Fix\n\nWe fixed it.\n\n## Timeline\n\n10:00 alert.',
    kind: 'sections',
    lead: '**Problem:** It broke.\n**Fix:** We fixed it.',
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

describe('excerpt detail', () => {
  it('adds whole sections after the lead and lists the ones left out', () => {
    const long = 'x '.repeat(500);
    const e = extractExcerpt(note('Lead.'), `# T\n\nOpening.\n\n## One\n\nShort.\n\n## Two\n\n${long}\n\n## Three\n\nMore.`);
    expect(e.detail.map((d) => d.heading)).toEqual([undefined, 'One']);
    expect(e.rest).toEqual(['Two', 'Three']);
  });
  it('skips link-list footers', () => {
    const e = extractExcerpt(note('Lead.'), '# T\n\nBody.\n\n---\n\nRelevant Notes:\n\n- [[a]] — why\n- [[b]] — why');
    expect(e.detail.map((d) => d.text)).toEqual(['Body.']);
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
  const note = {
    path: 'a/retries.md',
    title: 'Retries',
    status: 'active',
    tokens: 900,
    description: '',
  } as unknown as Parameters<typeof renderEntry>[0];
  it('puts a section label on its own line when the section opens with a list or code', () => {
    const e = {
      lead: 'Lead.',
      detail: [
        { heading: 'Rules', text: '- one\n- two' },
        { heading: 'Why', text: 'Because.' },
      ],
      rest: [],
    };
    expect(renderEntry(note, e, { kind: 'full', detail: 2 })).toContain('**Rules**\n\n- one\n- two\n\n**Why** — Because.');
  });
  it('flattens a list lead into one line of prose for a one-line entry', () => {
    const e = { lead: '- Networks fail.\n- Use a key.\n\n```\ncode\n```', detail: [], rest: [] };
    expect(renderEntry(note, e, { kind: 'brief' })).toBe('- **Retries** (`a/retries.md`) — Networks fail. Use a key.');
  });
});
