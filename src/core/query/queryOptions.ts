import { z } from 'zod';
import { defineOptions } from '../options/defineOptions.js';
import { todayField } from '../options/todayField.js';
import { flagOf, flagUsage } from '../options/flagFace.js';

/**
 * What a tag query asks, declared once (defineOptions.ts): `kb query`'s usage and the MCP `query` tool's input
 * are derived from it.
 */
export const queryOptions = defineOptions({
  /** The tags, separated by spaces; the word AND anywhere makes it an intersection. Required (none: the usage line). */
  tags: {
    schema: z.string(),
    kind: 'text',
    flag: { positional: true, value: '<tag1> [tag2] [AND tag3]', help: 'tags separated by spaces; AND makes it an intersection' },
    tool: 'Tags separated by spaces; the word AND anywhere makes it an intersection. Example: "api AND pagination".',
    form: { omitted: 'the query page’s own search box (kbQuery.ts)' },
  },
  /** YYYY-MM-DD, the date ages are counted from. Default: none (no age shown). */
  today: todayField,
});

export type QueryOptions = z.output<typeof queryOptions.schema>;

export const QUERY_USAGE = `Usage: kb query ${flagUsage(flagOf(queryOptions, 'tags'))}`;
