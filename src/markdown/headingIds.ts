// Each heading's id, as Astro's Markdown gives it (`rehypeHeadingIds` of @astrojs/markdown-remark, which the renderer
// used): GitHub's slugger over the heading's text, a trailing `-` dropped, repeats numbered (`a`, `a-1`), an id the
// heading already has kept. Ours because importing that one plugin loaded Astro's whole Markdown pipeline (remark,
// Prism, SmartyPants and more: ~70 ms in every thread that renders notes); tests/unit/headingIds.test.ts holds the two
// to the same ids. The notes are never `.mdx` files to it (the renderer names no file), so MDX expressions count as
// text like Astro's do outside MDX.
import Slugger from 'github-slugger';
import type { HastNode } from './markdownTree.js';

/** Text nodes whose value is a heading's text (Astro's `rawNodeTypes`). */
const TEXT_TYPES = new Set(['text', 'raw', 'mdxTextExpression']);

/** The rehype plugin: every `h1`–`h6` gets an `id` (unless it has one), in document order. */
export function rehypeHeadingIds() {
  return (tree: HastNode): void => {
    const slugger = new Slugger();
    const visit = (node: HastNode): void => {
      if (node.type === 'element' && node.tagName?.[0] === 'h' && /h([0-6])/.test(node.tagName)) {
        const text = headingText(node);
        node.properties ??= {};
        if (typeof node.properties['id'] !== 'string') {
          const slug = slugger.slug(text);
          node.properties['id'] = slug.endsWith('-') ? slug.slice(0, -1) : slug;
        }
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

/** A heading's text as Astro reads it: its text descendants in order; a raw piece that is one tag left out. */
function headingText(heading: HastNode): string {
  let text = '';
  const visit = (node: HastNode): void => {
    if (node.type === 'raw' && /^\n?<.*>\n?$/.test(node.value ?? '')) return;
    // (Astro writes a `{` outside code as `${`, for its own templates: the slugger drops both characters.)
    if (TEXT_TYPES.has(node.type)) text += node.value ?? '';
    node.children?.forEach(visit);
  };
  heading.children?.forEach(visit);
  return text;
}
