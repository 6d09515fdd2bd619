import type { default as MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { firstAbove } from '../util/firstAbove.js';

const DOLLAR = 0x24;

/**
 * `$…$` and `$$…$$` read as remark-math reads them, as markdown-it rules: inline math is a code span made of
 * dollars (the closing run as long as the opening one, no escapes inside, one space of padding stripped on
 * both sides), and a line of two or more dollars opens a display block closed by a run at least as long, as a
 * code fence is. Tokens: `math_inline` and `math_block` (content; `info` the text after the opening run).
 */
export function mathSyntax(md: MarkdownIt): void {
  md.inline.ruler.after('backticks', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}

/** Where each run of dollars in an inline block starts, by its length (found once per block, so no opener rescans). */
type DollarRuns = Map<number, number[]>;
const runsOf = new WeakMap<StateInline, DollarRuns>();

function dollarRuns(state: StateInline): DollarRuns {
  let runs = runsOf.get(state);
  if (runs) return runs;
  runs = new Map();
  const { src } = state;
  for (let i = 0; i < src.length; i++) {
    if (src.charCodeAt(i) !== DOLLAR) continue;
    const start = i;
    while (i + 1 < src.length && src.charCodeAt(i + 1) === DOLLAR) i++;
    const list = runs.get(i - start + 1) ?? [];
    list.push(start);
    runs.set(i - start + 1, list);
  }
  runsOf.set(state, runs);
  return runs;
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== DOLLAR || (pos > 0 && src.charCodeAt(pos - 1) === DOLLAR)) return false;
  let end = pos;
  while (end < state.posMax && src.charCodeAt(end) === DOLLAR) end++;
  const size = end - pos;
  const starts = dollarRuns(state).get(size) ?? [];
  const close = starts[firstAbove(starts, pos)]; // a binary search: the parser may look back
  if (close === undefined || close + size > state.posMax) {
    if (!silent) state.pending += src.slice(pos, end);
    state.pos = end;
    return true;
  }
  if (!silent) {
    let content = src.slice(end, close);
    if (/^[ \n]/.test(content) && /[ \n]$/.test(content) && /[^ \n]/.test(content)) content = content.slice(1, -1);
    const token = state.push('math_inline', 'math', 0);
    token.markup = src.slice(pos, end);
    token.content = content;
  }
  state.pos = close + size;
  return true;
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = state.bMarks[startLine]! + state.tShift[startLine]!;
  let max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (pos + 2 > max || state.src.charCodeAt(pos) !== DOLLAR || state.src.charCodeAt(pos + 1) !== DOLLAR) return false;
  const open = pos;
  pos = state.skipChars(pos, DOLLAR);
  const size = pos - open;
  const params = state.src.slice(pos, max);
  if (params.includes('$')) return false;
  if (silent) return true;
  let next = startLine;
  let closed = false;
  for (;;) {
    next++;
    if (next >= endLine) break;
    pos = state.bMarks[next]! + state.tShift[next]!;
    max = state.eMarks[next]!;
    if (pos < max && state.sCount[next]! < state.blkIndent) break;
    if (state.src.charCodeAt(pos) !== DOLLAR || state.sCount[next]! - state.blkIndent >= 4) continue;
    const at = pos;
    pos = state.skipChars(pos, DOLLAR);
    if (pos - at < size) continue;
    if (state.skipSpaces(pos) < max) continue;
    closed = true;
    break;
  }
  const indent = state.sCount[startLine]!;
  state.line = next + (closed ? 1 : 0);
  const token = state.push('math_block', 'math', 0);
  token.info = params.trim();
  token.content = state.getLines(startLine + 1, next, indent, true);
  token.markup = state.src.slice(open, open + size);
  token.map = [startLine, state.line];
  return true;
}
