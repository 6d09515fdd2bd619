// Page URLs percent-encode each segment of a slug (sitePaths.ts); a slug of only unreserved characters is its own
// encoding, and takes a shortcut that must give the same URL.
import { describe, expect, it } from 'vitest';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';

const segments = (slug: string) => slug.split('/').map(encodeURIComponent).join('/');

describe.each([
  ['plain', 'guides/setup'],
  ['unreserved punctuation', "a-b_c.d!e~f*g'h(i)j"],
  ['a space', 'meeting notes/2026 q1'],
  ['non-Latin letters', 'café/日本語'],
  ['reserved characters', 'a?b#c&d=e+f,g;h:i@j$k'],
  ['a percent sign', '100%/done'],
  ['an empty segment', 'a//b'],
  ['a backslash and brackets', 'a\\b[c]{d}'],
])('a slug with %s', (_, slug) => {
  const paths = createSitePaths('/wiki/');
  it('is encoded segment by segment in page, Markdown and file URLs', () => {
    expect(paths.note(slug)).toBe(`/wiki/notes/${segments(slug)}/`);
    expect(paths.noteMd(slug)).toBe(`/wiki/notes/${segments(slug)}.md`);
    expect(paths.file(slug)).toBe(`/wiki/${segments(slug)}`);
  });
});
