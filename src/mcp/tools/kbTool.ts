import type { z } from 'zod';
import type { Pageable } from '../cutPage.js';
import type { KbSnapshot } from '../kbSource.js';

/**
 * The most tokens (o200k) one tool result holds unless the caller asks for less. Claude Code cuts a tool's
 * output at 25,000 tokens by default; 20,000 leaves room for the client's own framing.
 */
export const RESULT_TOKENS = 20_000;
/** The smallest page a caller may ask for: a pagination line and a few list rows. */
export const MIN_RESULT_TOKENS = 500;

/** What a tool knows of its call besides its arguments. */
export interface ToolContext {
  /** `YYYY-MM-DD`: --today, else KB_TODAY, else the clock (taken per call, so a server left running crosses midnight). */
  today: string;
  /** The server's working directory (relative codebase paths, `.claude/path-context.yaml`). */
  cwd: string;
  /** $HOME, for `~` in pack requests (as kb context reads it). */
  home: string;
  /** The knowledge folder, in local mode. */
  kbDir?: string | undefined;
}

/** A tool's answer: a list (a single answer is a list of one) rendered into text blocks; the pager cuts it into pages. */
export interface ToolAnswer extends Pageable {
  /** What the pagination line calls the items ("Results"); none for a single answer. */
  noun?: string | undefined;
  /** The call failed the way the CLI exits 1 (discovery refused or missed a path): an MCP tool error with this content. */
  isError?: boolean | undefined;
}

/** Computes a tool's answer; loaded on the tool's first call, so the server starts without the indexing pipeline. */
export type AnswerFn<Args> = (snapshot: KbSnapshot, args: Args, ctx: ToolContext) => Promise<ToolAnswer>;

export interface ToolDefinition<Shape extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** Served over a knowledge folder only (it reads this machine's files). */
  localOnly?: boolean;
  /** Tokens this call's result may hold. */
  budget(args: z.infer<z.ZodObject<Shape>>): number;
  load(): Promise<AnswerFn<z.infer<z.ZodObject<Shape>>>>;
}

/** A whole answer of a few blocks (no list). */
export function single(blocks: string[], extra: Partial<ToolAnswer> = {}): ToolAnswer {
  return { total: 1, render: (start, end) => (start === 0 && end >= 1 ? blocks : []), ...extra };
}
