/**
 * Whether a note may hold math (`$$…$$`, or `$x$` with no space inside the dollars): a quick test, true for
 * every note the renderer typesets and for a few it does not (math inside code), so the build emits KaTeX's
 * stylesheet and fonts only for a folder that needs them.
 */
export function mayUseMath(markdown: string): boolean {
  if (!markdown.includes('$')) return false;
  // $$ anywhere | $ non-space … non-space $ on one line | $x$
  return /\$\$|\$[^\s$][^$\n]*?[^\s$\\]\$|\$[^\s$]\$/.test(markdown);
}
