import { BASE_HTML_CLASSES } from '../core/bases/renderBaseHtml.js';
import { QUERY_BLOCK_CLASSES } from '../core/views/renderQueryBlockHtml.js';
import { transformBlockIds } from './blockIds.js';
import { CALLOUT_CLASSES, transformCallouts } from './callouts.js';
import { transformClaimedFences } from './claimedFences.js';
import { transformHighlights } from './highlights.js';
import type { MdNode } from './markdownTree.js';
import { transformMath } from './math.js';
import { transformMermaid } from './transformMermaid.js';
import type { NoteContext, RenderEnv } from './renderContext.js';
import { transformLinks } from './transformLinks.js';
import type { EmbedNote } from './wikilinks.js';

/** What the sanitiser lets through for one tag beyond GitHub's list: `class` values and other attributes. */
export interface AllowedMarkup {
  classes?: readonly string[];
  /** hast-util-sanitize attribute rules (`'title'`, `['loading', 'lazy']`). */
  attributes?: readonly (string | readonly [string, ...string[]])[];
}

/**
 * One Markdown syntax of a note beyond CommonMark and GFM: its step over the note's tree (mdast) and the markup
 * that step (or raw HTML borrowing its classes) may leave in the page. The parse rules all readers share are in
 * src/core/document/noteTokens.ts; the styles in src/styles/markdown.css.
 */
export interface NoteSyntax {
  name: string;
  /** Its step over a note's tree, run in list order (an embed runs the whole list over the note it transcludes). */
  transform?: (tree: MdNode, ctx: NoteContext, env: RenderEnv, embedNote: EmbedNote) => void;
  /** Extra tags the sanitiser allows. */
  tags?: readonly string[];
  /** Extra markup the sanitiser allows, by tag. */
  allow?: Readonly<Record<string, AllowedMarkup>>;
}

/**
 * The syntaxes of a note, in the order their steps run: fences another step claims → block ids → callouts →
 * diagrams → math → links, embeds and attachments → highlights. Adding a syntax is a module exporting its step
 * and an entry here (CONTRIBUTING.md, "A new Markdown syntax").
 */
export const NOTE_SYNTAXES: readonly NoteSyntax[] = [
  { name: 'claimed fences (kb-query, base)', transform: (tree, ctx) => transformClaimedFences(tree, ctx) },
  {
    name: 'block ids (` ^id`)',
    transform: (tree) => transformBlockIds(tree),
    allow: { p: { attributes: ['dataBlockId'] }, li: { attributes: ['dataBlockId'] } },
  },
  {
    name: 'callouts (`> [!note]`)',
    transform: (tree) => transformCallouts(tree),
    allow: {
      div: { classes: CALLOUT_CLASSES, attributes: ['dataCallout'] },
      details: { classes: CALLOUT_CLASSES, attributes: ['dataCallout'] },
      summary: { classes: ['callout-title'] },
    },
  },
  { name: 'mermaid diagrams', transform: (tree, ctx) => transformMermaid(tree, ctx.report), allow: { pre: { classes: ['mermaid'] } } },
  { name: 'math (`$`, `$$`)', transform: (tree, ctx) => transformMath(tree, ctx.report), allow: { code: { classes: ['math-inline', 'math-display'] } } },
  {
    name: 'wikilinks, embeds and attachments',
    transform: (tree, ctx, env, embedNote) => transformLinks(tree, env, ctx, embedNote),
    allow: {
      a: { classes: ['wikilink', 'embed-source', 'attachment', 'internal'] },
      span: { classes: ['link-missing'], attributes: ['title'] },
      div: { classes: ['embed', 'embed-notice', 'embed-title', 'embed-body'] },
      img: {
        attributes: [
          ['loading', 'lazy'],
          ['decoding', 'async'],
        ],
      },
    },
  },
  { name: 'highlights (`==text==`)', transform: (tree) => transformHighlights(tree), tags: ['mark'] },
  { name: 'base views (```base)', allow: classesOnly(BASE_HTML_CLASSES) },
  {
    name: 'query blocks (```kb-query)',
    // A query block's language and query: read as text by its island (src/islands/kbQueryBlock.ts).
    allow: { ...classesOnly(QUERY_BLOCK_CLASSES), div: { classes: QUERY_BLOCK_CLASSES.div, attributes: ['dataLang', 'dataSource'] } },
  },
];

function classesOnly(byTag: Readonly<Record<string, readonly string[]>>): Record<string, AllowedMarkup> {
  return Object.fromEntries(Object.entries(byTag).map(([tag, classes]) => [tag, { classes }]));
}
