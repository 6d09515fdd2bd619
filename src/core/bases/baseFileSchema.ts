// Isomorphic: a `.base` file (or a ```base block) as Obsidian writes it: YAML with filters, formulas, property
// display names and views. Keys this portal does not use (column sizes, row heights, a map's pins) are kept and
// ignored; what it cannot show is said in the view, not rejected here.
import { z } from 'zod';

/** A filter: one expression, or `and` / `or` / `not` over a list of filters. */
export type BaseFilter = string | { and: BaseFilter[] } | { or: BaseFilter[] } | { not: BaseFilter[] };

const expression = z.union([z.string(), z.number(), z.boolean()]).transform(String);

export const baseFilterSchema: z.ZodType<BaseFilter, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.union([
    expression,
    z.object({ and: z.array(baseFilterSchema) }).strict(),
    z.object({ or: z.array(baseFilterSchema) }).strict(),
    z.object({ not: z.array(baseFilterSchema) }).strict(),
  ]),
);

const direction = z
  .string()
  .transform((d) => (d.toUpperCase() === 'DESC' ? ('DESC' as const) : ('ASC' as const)))
  .default('ASC');

/** `property` (or `column`, as some files write it) and a direction, ASC unless DESC. */
const sortKey = z
  .object({ property: z.string().optional(), column: z.string().optional(), direction })
  .passthrough()
  .refine((k) => k.property ?? k.column, { message: 'a sort entry needs a property' })
  .transform((k) => ({ property: (k.property ?? k.column)!, direction: k.direction }));

export const baseViewSchema = z
  .object({
    /** `table`, `cards` or `list` (anything else is shown as a table, with a note). Default: table. */
    type: z.string().default('table'),
    /** Shown above the view; default: the type. */
    name: z.union([z.string(), z.number()]).transform(String).optional(),
    /** At most this many rows; default: all. */
    limit: z.number().int().nonnegative().optional(),
    /** Applied with the base's filters (both must hold). Default: none. */
    filters: baseFilterSchema.optional(),
    /** The columns, in order (`file.name`, `status`, `note.status`, `formula.x`). Default: file.name. */
    order: z.array(z.string()).optional(),
    /** Sort keys, first one first. Default: by file name. */
    sort: z.array(sortKey).optional(),
    /** Groups of rows sharing a property's value. Default: none. */
    groupBy: z.union([z.string().transform((property) => ({ property, direction: 'ASC' as const })), sortKey]).optional(),
    /** Cards: the property holding each card's image (an attachment or a URL). Default: none. */
    image: z.string().optional(),
  })
  .passthrough();

export const baseFileSchema = z
  .object({
    /** Every view's rows must pass these. Default: every published note and page. */
    filters: baseFilterSchema.optional(),
    /** name → expression, shown as `formula.<name>`. Default: none. */
    formulas: z.record(z.string(), expression).default({}),
    /** property → `displayName` (a column's heading). Default: the property's name. */
    properties: z.record(z.string(), z.object({ displayName: z.union([z.string(), z.number()]).transform(String).optional() }).passthrough()).default({}),
    /** Summaries are not computed here (the view says so). */
    summaries: z.record(z.string(), z.unknown()).optional(),
    /** Default: one table of file names. */
    views: z.array(baseViewSchema).default([{ type: 'table' }]),
  })
  .passthrough();

export type BaseFileInput = z.input<typeof baseFileSchema>;
export type BaseFile = z.output<typeof baseFileSchema>;
export type BaseView = z.output<typeof baseViewSchema>;
