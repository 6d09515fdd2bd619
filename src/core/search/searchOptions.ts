import { z } from 'zod';
import { defineOptions } from '../options/defineOptions.js';
import { flagsOf, optionalUsage } from '../options/flagFace.js';
import { canonicalLocale } from '../text/languageTag.js';

/** How the MCP tools describe a `lang` (search, context). */
export const LANG_TOOL =
  "The language the words are written in, a BCP 47 tag (de, ja, zh-CN, …); default the folder's site.locale. It decides how they are split, stemmed and which are stop words.";

const NOT_A_FORM = { omitted: 'the query page reads a search from its one box as kb search’s arguments (parseSearchArgs)' };

/**
 * What a search asks, declared once (defineOptions.ts): `kb search`'s flags, usage and help, its grammar
 * (parseSearchArgs.ts) and the MCP `search` tool's input are derived from it. At least one field is given. In the
 * order of `kb search --json`'s `request`.
 */
export const searchOptions = defineOptions({
  /** Only notes with this tag (exact, case-insensitive). Default: any tag. */
  tag: {
    schema: z.string().optional(),
    kind: 'text',
    flag: { value: 'VALUE', help: 'only notes with this tag' },
    tool: 'Only notes with this tag (exact, case-insensitive).',
    form: NOT_A_FORM,
  },
  /** Only notes in this category (exact, case-insensitive). Default: any category. */
  category: {
    schema: z.string().optional(),
    kind: 'text',
    flag: { value: 'VALUE', help: 'only notes in this category' },
    tool: 'Only notes in this category (exact, case-insensitive).',
    form: NOT_A_FORM,
  },
  /** Words to find in titles, then in note text, as one phrase (case-insensitive, literal). Default: none. */
  keyword: {
    schema: z.string().optional(),
    kind: 'text',
    flag: { positional: true, value: 'KEYWORD', help: 'words to find in titles, then in note text' },
    tool: 'Words to find in titles and bodies, as one phrase.',
    form: NOT_A_FORM,
  },
  /** The keyword's language (BCP 47, canonical: parseSearchArgs checks it). Default: the folder's `site.locale` (docs/query-and-search.md § Languages). */
  lang: {
    schema: z
      .string()
      .refine((t) => canonicalLocale(t) === t, { message: 'not a canonical BCP 47 tag' })
      .optional(),
    kind: 'text',
    flag: { value: 'TAG', help: "the keyword's language, a BCP 47 tag such as de or ja (default: site.locale)" },
    tool: LANG_TOOL,
    form: NOT_A_FORM,
  },
});

/** What `kb search` was asked; every part optional, at least one present. */
export type SearchRequest = z.output<typeof searchOptions.schema>;

/** kb-search's own usage line (its spec names tag, category and the keyword; `--lang` is kb-portal's, after it). */
export const SEARCH_USAGE = `Usage: kb search ${optionalUsage(flagsOf(searchOptions, ['lang']))}`;
