// A small element tree that a view is declared in once, then serialised to HTML for prerendered pages
// (renderViewHtml.ts) or built into the DOM by an island (src/islands/viewTreeDom.ts). Pure data: nothing in it
// is markup, so every string from a note, a tag or the query stays text until a renderer escapes it.

/** An attribute's value: `true` is a bare attribute (`data-stale-row`), `undefined` and `false` leave it out. */
export type ViewAttr = string | number | boolean | undefined;

export interface ViewElement {
  tag: string;
  attrs: Record<string, ViewAttr>;
  children: ViewNode[];
}

/**
 * Text the view itself writes (not taken from a note). The HTML renderer escapes it only as text needs
 * (`&`, `<`, `>`), as Astro leaves a template's own words, so a prerendered page keeps its bytes.
 */
export interface ViewLiteral {
  literal: string;
}

export type ViewNode = ViewElement | ViewLiteral | string;

/** A child slot: `false`, `undefined` and `''` render nothing, arrays are spliced in. */
export type ViewChild = ViewNode | false | undefined | readonly ViewChild[];

export function el(tag: string, attrs: Record<string, ViewAttr> = {}, ...children: ViewChild[]): ViewElement {
  return { tag, attrs, children: flatten(children) };
}

export function literal(text: string): ViewLiteral {
  return { literal: text };
}

function flatten(children: readonly ViewChild[]): ViewNode[] {
  const out: ViewNode[] = [];
  for (const c of children) {
    if (c === false || c === undefined || c === '') continue;
    if (Array.isArray(c)) out.push(...flatten(c));
    else out.push(c as ViewNode);
  }
  return out;
}
