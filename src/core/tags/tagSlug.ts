/**
 * Page names a tag page must never shadow: the site's own pages under `/tags/`, and names some file
 * systems refuse as folder names (Windows device names).
 */
export const RESERVED_TAG_SLUGS: ReadonlySet<string> = new Set([
  'index',
  'all',
  'page',
  'tags',
  'tag',
  'notes',
  'search',
  'new',
  'rss',
  'feed',
  'con',
  'prn',
  'aux',
  'nul',
  ...Array.from({ length: 9 }, (_, i) => `com${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`),
]);

const PLAIN = /^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}-]$/u; // a lower-case letter, mark, digit or hyphen is kept as is
const MAX_LENGTH = 120;

/**
 * The URL segment (and folder name) of a tag's page. Pure and one-to-one, so two tags never share a page:
 * - a tag of lower-case letters, digits and hyphens is its own slug (`react-native` → `react-native`);
 * - any other character becomes `~hex~` (`lang/ts` → `lang~2f~ts`, `c++` → `c~2b~~2b~`), so no slug holds
 *   `/`, `.`, `?`, `#`, `%` or a quote, and `.`/`..` cannot occur;
 * - a reserved page name gets a trailing `~` (`index` → `index~`), which no other slug ends with alone;
 * - a slug longer than 120 characters is cut and ends in `~<hash>~~` (file names stay under 255 bytes).
 */
export function tagSlug(tag: string): string {
  let slug = '';
  for (const ch of tag) slug += PLAIN.test(ch) ? ch : `~${ch.codePointAt(0)!.toString(16)}~`;
  if (slug === '' || RESERVED_TAG_SLUGS.has(slug)) slug += '~';
  if (slug.length > MAX_LENGTH) slug = `${[...slug].slice(0, 100).join('')}~${hash(tag)}~~`; // by code point: never half a surrogate pair
  return slug;
}

/** FNV-1a over UTF-16 units, twice with different seeds: 64 bits as base-36, enough to keep cut slugs apart. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5) >>> 0;
  }
  return a.toString(36) + b.toString(36);
}
