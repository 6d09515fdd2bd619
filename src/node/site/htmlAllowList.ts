import { defaultSchema } from 'rehype-sanitize';

/**
 * What raw HTML in a `.md` note may use: GitHub's allow-list (hast-util-sanitize's default schema:
 * headings, lists, tables, `details`/`summary`, `kbd`, `sub`/`sup`, images and links with safe
 * protocols; no `script`, `style`, `iframe`, event handlers, `style=` or `javascript:` URLs; `id` and
 * `name` are prefixed with `user-content-`), plus the classes our own Markdown plugins add.
 * KB_TRUST_HTML=1 turns sanitising off for teams that trust their authors.
 */
export const htmlAllowList = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    a: withClasses('a', ['wikilink']),
    span: [...withClasses('span', ['wikilink-missing']), 'title'],
  },
};

/** The default's attributes for a tag, with extra allowed `class` values merged into its one className rule. */
type Attributes = NonNullable<NonNullable<typeof defaultSchema.attributes>[string]>;

function withClasses(tag: string, extra: string[]): Attributes {
  const attrs: Attributes = defaultSchema.attributes?.[tag] ?? [];
  const others = attrs.filter((a) => !(Array.isArray(a) && a[0] === 'className'));
  const values = attrs.flatMap((a) => (Array.isArray(a) && a[0] === 'className' ? a.slice(1) : []));
  return [...others, ['className', ...values, ...extra]];
}
