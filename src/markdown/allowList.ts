import { defaultSchema } from 'rehype-sanitize';
import { BASE_HTML_CLASSES } from '../core/bases/renderBaseHtml.js';
import { QUERY_BLOCK_CLASSES } from '../core/site/renderQueryBlockHtml.js';
import { CALLOUT_CLASSES } from './callouts.js';

/**
 * What a `.md` note's HTML may hold after the sanitiser: GitHub's allow-list (hast-util-sanitize's default
 * schema: headings, lists, tables, `details`/`summary`, `kbd`, `sub`/`sup`, images and links with safe
 * protocols; no `script`, `style`, `iframe`, event handlers, `style=` or `javascript:` URLs; `id` and
 * `name` are prefixed with `user-content-`), plus exactly what our own Markdown steps add: `<mark>`,
 * the classes of callouts, embeds, wikilinks, attachments, missing links, diagrams, math and base views, a callout's
 * type, a block id, and an image's `loading`/`decoding`. Raw HTML written in a note passes the same
 * list, so these classes are all it can borrow. Steps after the sanitiser (block ids, KaTeX, Shiki,
 * heading ids) build their markup from text. KB_TRUST_HTML=1 turns sanitising off.
 */
export const allowList = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'mark'],
  attributes: {
    ...defaultSchema.attributes,
    a: withClasses('a', ['wikilink', 'embed-source', 'attachment', 'internal', ...BASE_HTML_CLASSES.a]),
    span: withClasses('span', ['link-missing', ...BASE_HTML_CLASSES.span, ...QUERY_BLOCK_CLASSES.span], ['title']),
    // A query block's language and query: read as text by its island (src/islands/kbQueryBlock.ts).
    div: withClasses(
      'div',
      [...CALLOUT_CLASSES, 'embed', 'embed-notice', 'embed-title', 'embed-body', ...BASE_HTML_CLASSES.div, ...QUERY_BLOCK_CLASSES.div],
      ['dataCallout', 'dataLang', 'dataSource'],
    ),
    ul: withClasses('ul', [...BASE_HTML_CLASSES.ul]),
    ol: withClasses('ol', [...QUERY_BLOCK_CLASSES.ol]),
    details: withClasses('details', CALLOUT_CLASSES, ['dataCallout']),
    summary: withClasses('summary', ['callout-title']),
    pre: withClasses('pre', ['mermaid']),
    code: withClasses('code', ['math-inline', 'math-display']),
    img: [...(defaultSchema.attributes?.['img'] ?? []), ['loading', 'lazy'], ['decoding', 'async']],
    p: withClasses('p', [...QUERY_BLOCK_CLASSES.p], ['dataBlockId']),
    li: withClasses('li', [...BASE_HTML_CLASSES.li], ['dataBlockId']),
  },
};

/** The default's attributes for a tag, with extra allowed `class` values merged into its one className rule. */
type Attributes = NonNullable<NonNullable<typeof defaultSchema.attributes>[string]>;

function withClasses(tag: string, extra: string[], more: Attributes = []): Attributes {
  const attrs: Attributes = defaultSchema.attributes?.[tag] ?? [];
  const others = attrs.filter((a) => !(Array.isArray(a) && a[0] === 'className'));
  const values = attrs.flatMap((a) => (Array.isArray(a) && a[0] === 'className' ? a.slice(1) : []));
  return [...others, ...more, ['className', ...values, ...extra]];
}
