import { defaultSchema } from 'rehype-sanitize';
import { NOTE_SYNTAXES } from './noteSyntaxes.js';

/**
 * What a `.md` note's HTML may hold after the sanitiser: GitHub's allow-list (hast-util-sanitize's default
 * schema: headings, lists, tables, `details`/`summary`, `kbd`, `sub`/`sup`, images and links with safe
 * protocols; no `script`, `style`, `iframe`, event handlers, `style=` or `javascript:` URLs; `id` and
 * `name` are prefixed with `user-content-`), plus exactly what each of our syntaxes declares (noteSyntaxes.ts):
 * `<mark>`, the classes of callouts, embeds, wikilinks, attachments, missing links, diagrams, math, base views
 * and query blocks, a callout's type, a block id, and an image's `loading`/`decoding`. Raw HTML written in a
 * note passes the same list, so these classes are all it can borrow. Steps after the sanitiser (block ids,
 * KaTeX, Shiki, heading ids) build their markup from text. KB_TRUST_HTML=1 turns sanitising off.
 */
export const allowList = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), ...NOTE_SYNTAXES.flatMap((s) => s.tags ?? [])],
  attributes: { ...defaultSchema.attributes, ...syntaxAttributes() },
};

type Attributes = NonNullable<NonNullable<typeof defaultSchema.attributes>[string]>;

/** Per tag, the default's attributes with every syntax's extra attributes and `class` values merged in. */
function syntaxAttributes(): Record<string, Attributes> {
  const byTag = new Map<string, { classes: string[]; more: Attributes }>();
  for (const syntax of NOTE_SYNTAXES)
    for (const [tag, allowed] of Object.entries(syntax.allow ?? {})) {
      const entry = byTag.get(tag) ?? { classes: [], more: [] };
      byTag.set(tag, entry);
      entry.classes.push(...(allowed.classes ?? []));
      entry.more.push(...((allowed.attributes ?? []) as Attributes));
    }
  return Object.fromEntries([...byTag].map(([tag, { classes, more }]) => [tag, withClasses(tag, classes, more)]));
}

/** The default's attributes for a tag, with extra allowed `class` values merged into its one className rule. */
function withClasses(tag: string, extra: string[], more: Attributes): Attributes {
  const attrs: Attributes = defaultSchema.attributes?.[tag] ?? [];
  const others = attrs.filter((a) => !(Array.isArray(a) && a[0] === 'className'));
  const values = attrs.flatMap((a) => (Array.isArray(a) && a[0] === 'className' ? a.slice(1) : []));
  if (!extra.length) return [...others, ...more, ...(values.length ? [['className', ...values] as Attributes[number]] : [])];
  return [...others, ...more, ['className', ...values, ...new Set(extra)]];
}
