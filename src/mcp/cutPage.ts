import { countTokens } from '../core/tokens/countTokens.js';
import type { PagePosition } from './cursor.js';

/** Kept free on every page for the line that says where the next one starts (a cursor is ~60 tokens). */
export const FOOTER_TOKENS = 200;

/** A tool's answer before it is cut into pages: a list (a single answer is a list of one), rendered into text blocks. */
export interface Pageable {
  /** How many items the list holds. */
  total: number;
  /** The blocks for items [start, end); for every item, the answer the CLI gives exactly. */
  render(start: number, end: number): string[];
}

export interface CutPage {
  blocks: string[];
  /** Where the next page starts; none on the last page. */
  next?: PagePosition | undefined;
  /** Items on this page: [start, end) of total (end = start + 1 while one item's blocks are cut). */
  start: number;
  end: number;
  /** The page holds part of one item's blocks (an answer too long for one page on its own). */
  split: boolean;
}

/**
 * Cut the page that starts at `at` so that its blocks hold at most `limit` tokens: as many whole items as
 * fit, else (one item alone is too long) that item's blocks, cut at a line break. A page that is not the whole
 * answer keeps `footer` tokens free for the line that says where the next one starts. Never drops anything: the
 * pages of a list, read in order, hold every item once, and the parts of a cut item join into its text.
 */
export function cutPage(answer: Pageable, at: PagePosition, limit: number, footer = 0): CutPage {
  const { total } = answer;
  if (at.block > 0 || at.offset > 0) return splitItem(answer, at, limit - footer);
  const start = Math.min(at.item, total);
  const all = answer.render(start, total);
  // The whole answer on one page needs no pagination line.
  if (start === 0 && estimate(all, limit) <= limit) return { blocks: all, start, end: total, split: false };
  limit -= footer;
  const allTokens = estimate(all, limit);
  if (allTokens <= limit) return { blocks: all, start, end: total, split: false };
  if (tokensOf(answer.render(start, start + 1)) > limit) return splitItem(answer, at, limit);
  const end = lastFit(answer, start, { end: total, tokens: allTokens }, limit);
  return { blocks: answer.render(start, end), start, end, split: false, ...(end < total ? { next: { item: end, block: 0, offset: 0 } } : {}) };
}

/**
 * Tokens of blocks, or an estimate when they are far over the limit: counting a long answer costs ~0.2 ms per
 * kilobyte, and more than 8 bytes a token is rare enough (English prose and JSON run at about 4) that a text over
 * 8 bytes per token of the limit is taken as over it, at 4 bytes a token. A wrong guess costs a page, never the cap.
 */
function estimate(blocks: readonly string[], limit: number): number {
  const bytes = blocks.reduce((n, b) => n + Buffer.byteLength(b), 0);
  if (bytes <= limit) return bytes; // a token is at least a byte: it fits whatever the count
  return bytes > limit * 8 ? bytes / 4 : tokensOf(blocks);
}

/** The largest end whose items [start, end) fit, knowing that the first item fits and that `measured` does not. */
function lastFit(answer: Pageable, start: number, measured: { end: number; tokens: number }, limit: number): number {
  let fit = start + 1;
  let over = measured.end;
  // Tokens grow about linearly with the items: aim by proportion from the last measurement, a few times.
  for (let round = 0; round < 8 && over - fit > 1; round++) {
    const aim = start + Math.floor(((measured.end - start) * limit * (measured.tokens > limit ? 0.97 : 1)) / Math.max(1, measured.tokens));
    const end = Math.min(over - 1, Math.max(fit + 1, aim));
    measured = { end, tokens: tokensOf(answer.render(start, end)) };
    if (measured.tokens <= limit) {
      fit = end;
      if (measured.tokens >= limit * 0.92) break; // close enough: another round would cost more than it gains
    } else over = end;
  }
  return fit;
}

/** One item's blocks from a block and offset: whole blocks while they fit, then a block cut at a line break. */
function splitItem(answer: Pageable, at: PagePosition, limit: number): CutPage {
  const blocks = answer.render(at.item, at.item + 1);
  const out: string[] = [];
  let used = 0;
  for (let b = at.block; b < blocks.length; b++) {
    const from = b === at.block ? at.offset : 0;
    const text = blocks[b]!.slice(from);
    const tokens = tokensOf([text]);
    if (used + tokens <= limit) {
      out.push(text);
      used += tokens;
      continue;
    }
    if (out.length) return { blocks: out, next: { item: at.item, block: b, offset: from }, start: at.item, end: at.item + 1, split: true };
    const cut = fitPrefix(text, limit);
    return { blocks: [text.slice(0, cut)], next: { item: at.item, block: b, offset: from + cut }, start: at.item, end: at.item + 1, split: true };
  }
  const next = at.item + 1 < answer.total ? { item: at.item + 1, block: 0, offset: 0 } : undefined;
  return { blocks: out, next, start: at.item, end: at.item + 1, split: true };
}

/** The length of the longest prefix of `text` within `limit` tokens, ending at a line break when one fits. */
export function fitPrefix(text: string, limit: number): number {
  let fit = 0;
  let over = text.length;
  let measured = { end: text.length, tokens: countTokens(text) };
  for (let round = 0; round < 12 && over - fit > 1; round++) {
    const aim = Math.floor((measured.end * limit * (measured.tokens > limit ? 0.97 : 1)) / Math.max(1, measured.tokens));
    let end = Math.min(over - 1, Math.max(fit + 1, aim));
    const line = text.lastIndexOf('\n', end - 1);
    if (line + 1 > fit) end = line + 1; // end after a line break when the page can hold the line before it
    if (end > 0 && end < text.length && isLowSurrogate(text.charCodeAt(end))) end--; // never split a character
    if (end <= fit || end >= over) break;
    measured = { end, tokens: countTokens(text.slice(0, end)) };
    if (measured.tokens <= limit) {
      fit = end;
      if (measured.tokens >= limit * 0.92) break;
    } else over = end;
  }
  return Math.max(fit, 1);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Tokens of blocks as a client counts them: each block on its own. */
export function tokensOf(blocks: readonly string[]): number {
  let total = 0;
  for (const b of blocks) total += countTokens(b);
  return total;
}
