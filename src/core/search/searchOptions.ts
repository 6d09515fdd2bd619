import { z } from 'zod';
import { defineOptions } from '../options/defineOptions.js';
import { flagsOf, optionalUsage } from '../options/flagFace.js';

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
});

/** What `kb search` was asked; every part optional, at least one present. */
export type SearchRequest = z.output<typeof searchOptions.schema>;

/** kb-search's usage line: the flags, then the keyword. */
export const SEARCH_USAGE = `Usage: kb search ${optionalUsage(flagsOf(searchOptions))}`;
