import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { callKey, decodeCursor, encodeCursor, type PagePosition } from './cursor.js';
import { cutPage, FOOTER_TOKENS } from './cutPage.js';
import type { KbSource } from './kbSource.js';
import type { ToolContext, ToolDefinition } from './tools/kbTool.js';

/**
 * Run a tool for one call: the snapshot of the knowledge, the tool's answer, then the page the cursor points at
 * (the first without one), cut to the call's token budget. A page that is not the whole answer ends with a line
 * saying which part it is and the cursor of the next (also in `_meta.nextCursor`). A thrown error becomes an MCP
 * tool error with its message (the SDK's), never a crash.
 */
export async function answerTool<Shape extends z.ZodRawShape>(
  tool: ToolDefinition<Shape>,
  args: z.infer<z.ZodObject<Shape>> & { cursor?: string | undefined },
  source: KbSource,
  ctx: ToolContext,
): Promise<CallToolResult> {
  const [answerFn, snapshot] = await Promise.all([tool.load(), source.snapshot()]);
  const key = callKey(tool.name, args, ctx.today);
  const at: PagePosition = args.cursor ? decodeCursor(args.cursor, tool.name, key, snapshot.version) : { item: 0, block: 0, offset: 0 };
  const answer = await answerFn(snapshot, args, ctx);
  const budget = tool.budget(args);
  const first = at.item === 0 && at.block === 0 && at.offset === 0;
  const page = cutPage(answer, at, budget, FOOTER_TOKENS);
  const blocks = page.blocks.filter((b) => b !== '');
  const next = page.next && encodeCursor(tool.name, key, snapshot.version, page.next);
  if (next || !first) blocks.push(pageLine(tool.name, answer.noun, page, answer.total, next));
  return {
    content: blocks.map((text) => ({ type: 'text' as const, text })),
    ...(next ? { _meta: { nextCursor: next } } : {}),
    ...(answer.isError ? { isError: true } : {}),
  };
}

function pageLine(
  tool: string,
  noun: string | undefined,
  page: { start: number; end: number; split: boolean },
  total: number,
  next: string | undefined,
): string {
  const more = next ? ` Next: call ${tool} again with the same arguments and "cursor": "${next}".` : '';
  if (page.split || noun === undefined) return `[Part of an answer too long for one page, cut at a line break.${next ? more : ' This is its last part.'}]`;
  return `[${noun} ${page.start + 1}–${page.end} of ${total}${next ? '.' : ' (last page).'}${more}]`;
}
