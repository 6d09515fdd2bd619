// Fenced code blocks as CommonMark reads them, line by line: a fence of 3+ backticks or tildes (indented at most 3
// spaces) opens a block that only a fence of the same character, at least as long, closes.

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * The open fence after `line`, given the one open before it (undefined: outside a block), and whether the line
 * is a fence or inside a block (so not prose).
 */
export function fenceAfter(open: string | undefined, line: string): { open: string | undefined; code: boolean } {
  const f = FENCE.exec(line)?.[1];
  if (open !== undefined) return { open: f && f[0] === open[0] && f.length >= open.length ? undefined : open, code: true };
  return f ? { open: f, code: true } : { open: undefined, code: false };
}
