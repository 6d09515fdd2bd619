import type { LinkScan } from './createLinkScan.js';
import { scanLinks, type ScannedLink } from './scanLinks.js';

/**
 * The links of `body.slice(cut)` (a page shows its body without the title heading): the body's own links
 * moved up by the lines cut, when the cut-off part cannot change how the rest parses; else a scan of the rest.
 * So a build that knows each body's links never parses a body again only to drop its first line.
 */
export function linksAfter(body: string, cut: number, scan: LinkScan = scanLinks): readonly ScannedLink[] {
  if (cut <= 0) return scan(body);
  const head = body.slice(0, cut);
  if (!head.endsWith('\n') || !closesCleanly(head)) return scan(body.slice(cut));
  const lines = head.split('\n').length - 1;
  return scan(body).flatMap((l) => (l.line > lines ? [{ ...l, line: l.line - lines }] : []));
}

// Whole lines holding one ATX heading (up to 3 spaces, `#`, a space or tab) among blank lines: a block that ends
// on its own line, so the rest starts a new block either way. Whatever could reach past that line is refused:
// `[` (a link reference definition or a link), `<` (HTML), a backtick, `$` (math), `%` (a `%%` comment), `\`
// (an escape), and `\r` (a line break markdown-it counts and this count would not).
const HEADING = /^ {0,3}#[ \t]/;
const BLANK = /^[ \t]*$/;
const REACHING = /[[<`$%\\\r]/;

function closesCleanly(head: string): boolean {
  if (REACHING.test(head)) return false;
  const text = head.split('\n').filter((line) => !BLANK.test(line));
  return text.length === 1 && HEADING.test(text[0]!);
}
