import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Where the next page starts: an item of the result's list, and inside a page too large to send whole, a block and a character offset. */
export interface PagePosition {
  item: number;
  block: number;
  offset: number;
}

/** What a cursor carries: the call it continues (tool and arguments), the knowledge it was cut from, and the position. */
const cursorSchema = z
  .object({
    /** Tool name. */
    t: z.string(),
    /** Hash of the call's arguments (without the cursor) and its date. */
    k: z.string(),
    /** The snapshot's version: a cursor of older knowledge is refused rather than misread. */
    v: z.string(),
    i: z.number().int().nonnegative(),
    b: z.number().int().nonnegative(),
    o: z.number().int().nonnegative(),
  })
  .strict();

/** The key of a call: its tool, its arguments without the cursor, and anything else its answer depends on (the date). */
export function callKey(tool: string, args: Record<string, unknown>, extra: string): string {
  const sorted = Object.fromEntries(
    Object.entries(args)
      .filter(([name]) => name !== 'cursor')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return createHash('sha256')
    .update(`${tool}\0${JSON.stringify(sorted)}\0${extra}`)
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(tool: string, key: string, version: string, at: PagePosition): string {
  return Buffer.from(JSON.stringify({ t: tool, k: key, v: version, i: at.item, b: at.block, o: at.offset })).toString('base64url');
}

/** The position a cursor points at, or an error a caller can act on. */
export function decodeCursor(cursor: string, tool: string, key: string, version: string): PagePosition {
  let parsed: z.infer<typeof cursorSchema>;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new Error(`cursor "${cursor}" is not a cursor this server issued; call ${tool} again without it.`);
  }
  if (parsed.t !== tool || parsed.k !== key)
    throw new Error(`cursor "${cursor}" belongs to another call; pass it with the same arguments it was returned for, or call ${tool} without it.`);
  if (parsed.v !== version) throw new Error(`The knowledge base changed since cursor "${cursor}" was issued; call ${tool} again without a cursor.`);
  return { item: parsed.i, block: parsed.b, offset: parsed.o };
}
