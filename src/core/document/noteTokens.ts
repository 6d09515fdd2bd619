import MarkdownIt from 'markdown-it';
import type { PluginSimple, StateInline, Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import blockquote from 'markdown-it/lib/rules_block/blockquote.mjs';
import reference from 'markdown-it/lib/rules_block/reference.mjs';
import htmlBlock from 'markdown-it/lib/rules_block/html_block.mjs';
import list from 'markdown-it/lib/rules_block/list.mjs';
import htmlInline from 'markdown-it/lib/rules_inline/html_inline.mjs';
import table from 'markdown-it/lib/rules_block/table.mjs';
import image from 'markdown-it/lib/rules_inline/image.mjs';
import link from 'markdown-it/lib/rules_inline/link.mjs';
import { WikilinkReader } from '../links/parseWikilink.js';
import { mathSyntax } from './mathSyntax.js';

/**
 * The note parser, the one every reader of a note's body shares (the page renderer, the index's facts, pack
 * sections, MCP's sections): markdown-it (CommonMark, linear on every input cmark lists as pathological) with GFM
 * tables, strikethrough, autolink literals, footnotes and task lists, and remark-math's `$`/`$$`. Links keep their
 * destinations as written: the sanitiser, not the parser, refuses `javascript:`.
 */
/**
 * What a parse reads: `page` all of it, bare URLs linked (what the renderer needs); `links` all of it, bare URLs
 * left as text; `blocks` the blocks only, each inline block's text left unparsed (what the note document needs).
 */
export type ParseDepth = 'page' | 'links' | 'blocks';

function createParser(depth: ParseDepth): MarkdownIt {
  const linkify = depth === 'page';
  const md = new MarkdownIt('default', { html: true, linkify, typographer: false });
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (url) => url;
  md.use(footnote as unknown as PluginSimple); // its types are written against markdown-it's CommonJS ones
  md.inline.ruler.disable('footnote_inline'); // `^[…]` is not GFM
  md.use(mathSyntax);
  // GFM: a line that opens an HTML block (`<div>a</div> | b`) is that block, not a table's header row.
  md.block.ruler.at('table', (state, start, end, silent) => !htmlBlock(state, start, end, true) && table(state, start, end, silent), {
    alt: ['paragraph', 'reference'],
  });
  // markdown-it drops everything nested deeper than its limit (100 levels): quotes and lists deeper than ours are
  // left as the text they are written as, so 25,000 nested `> ` show their words rather than lose them.
  const MAX_BLOCK_DEPTH = 64;
  md.block.ruler.at('blockquote', (state, start, end, silent) => state.level < MAX_BLOCK_DEPTH && blockquote(state, start, end, silent), {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.block.ruler.at('list', (state, start, end, silent) => state.level < MAX_BLOCK_DEPTH && list(state, start, end, silent), {
    alt: ['paragraph', 'reference', 'blockquote'],
  });
  // Link reference definitions (`[x]: url`) are kept with their lines, every one (markdown-it keeps the first of a
  // label); a link or image that uses one is marked `meta.reference`, so readers can name the definition instead.
  md.block.ruler.at('reference', (state, start, end, silent) => {
    if (silent) return reference(state, start, end, true);
    const env = state.env as ParseEnv;
    const kept = (env.references ??= {});
    env.references = {};
    const ok = reference(state, start, end, false);
    for (const [label, def] of Object.entries(env.references)) {
      (env.definitions ??= []).push({ line: start, href: def.href });
      kept[label] ??= def;
    }
    env.references = kept;
    return ok;
  });
  // A wikilink is read before anything else that starts at its `[` or `!`, and whole: what it holds is no code
  // span, emphasis or link (`[[#`move`|move]]`). It stays text, which the renderer and the link readers read
  // again (parseWikilink.ts).
  md.inline.ruler.before('link', 'wikilink', wikilink);
  md.inline.ruler.at('link', (state, silent) => markReference(state, silent, link));
  md.inline.ruler.at('image', (state, silent) => markReference(state, silent, image));
  // markdown-it's comment pattern runs to the end of the text from every `<!--`; one with no `-->` after it is text.
  md.inline.ruler.at('html_inline', (state, silent) => {
    if (state.src.startsWith('<!--', state.pos) && lastCommentEnd(state) < state.pos + 4) return false;
    return htmlInline(state, silent);
  });
  if (linkify) {
    // GFM links bare addresses that start with a scheme or `www.`, or are an email (parseMarkdown.ts keeps only
    // those): a text with no `:`, `@` or `www.` has none, and skips linkify-it's costly test (a Unicode class regex).
    const pretest = md.linkify.pretest.bind(md.linkify);
    md.linkify.pretest = (text) => (text.includes(':') || text.includes('@') || /www\./i.test(text)) && pretest(text);
  }
  // Without the inline pass, footnote definitions stay where they are written (its tail step keeps only those an
  // inline reference named, and moves them to the end).
  if (depth === 'blocks') md.core.ruler.disable(['inline', 'text_join', 'footnote_tail']);
  return md;
}

const parsers: Record<ParseDepth, MarkdownIt> = { page: createParser('page'), links: createParser('links'), blocks: createParser('blocks') };

/** A link reference definition: its 0-based line and destination. */
export interface LinkDefinition {
  line: number;
  href: string;
}

interface ParseEnv {
  references?: Record<string, { href: string; title: string }>;
  definitions?: LinkDefinition[];
}

/** Runs markdown-it's link or image rule; a link it made that ends in `]`, not `)`, used a definition. */
function markReference(state: StateInline, silent: boolean, rule: (state: StateInline, silent: boolean) => boolean): boolean {
  const from = state.tokens.length;
  if (!rule(state, silent)) return false;
  if (!silent && state.src.charCodeAt(state.pos - 1) !== 0x29 /* ) */) {
    const made = state.tokens.slice(from).find((t) => t.type === 'link_open' || t.type === 'image');
    if (made) made.meta = { ...(made.meta as object | null), reference: true };
  }
  return true;
}

const wikilinkReaders = new WeakMap<StateInline, WikilinkReader>();
function wikilink(state: StateInline, silent: boolean): boolean {
  const c = state.src.charCodeAt(state.pos);
  if (c !== 0x5b /* [ */ && c !== 0x21 /* ! */) return false;
  let reader = wikilinkReaders.get(state);
  if (!reader) wikilinkReaders.set(state, (reader = new WikilinkReader(state.src)));
  const found = reader.at(state.pos);
  if (!found || found.end > state.posMax) return false;
  if (!silent) state.pending += state.src.slice(state.pos, found.end);
  state.pos = found.end;
  return true;
}

const commentEnds = new WeakMap<StateInline, number>();
function lastCommentEnd(state: StateInline): number {
  let at = commentEnds.get(state);
  if (at === undefined) commentEnds.set(state, (at = state.src.lastIndexOf('-->')));
  return at;
}

/**
 * A note's body (front matter already removed) as markdown-it's token stream; `map` gives each block's lines.
 * The blocks are the same at every depth.
 */
export function noteTokens(markdown: string, depth: ParseDepth): Token[] {
  return parseNote(markdown, depth).tokens;
}

/** The token stream and the link reference definitions, which markdown-it keeps outside it. */
export function parseNote(markdown: string, depth: ParseDepth): { tokens: Token[]; definitions: LinkDefinition[] } {
  const env: ParseEnv = {};
  const tokens = parsers[depth].parse(markdown, env);
  return { tokens, definitions: env.definitions ?? [] };
}

/** Backslash escapes and entities resolved, as markdown-it reads a fence's info string. */
export const unescapeAll: (s: string) => string = parsers.page.utils.unescapeAll;

export type { Token };
