import type { HighlighterCore } from 'shiki/core';
import { readRegexTable, regexConstructor } from './regexTable.js';
import { createShiki } from './shikiHighlighter.js';
import type { HastNode } from './markdownTree.js';

/**
 * Code longer than this stays plain: Shiki takes about 6 ms a kilobyte, so a pasted 500 kB bundle would hold a
 * note's render for seconds. A size, not a time, so the page is the same on every machine.
 */
export const HIGHLIGHT_MAX_CHARS = 100_000;

let highlighter: HighlighterCore | undefined;
let known: Set<string> | undefined;

/** One highlighter per thread, made on first use, its regexes from the package's table where it fits (regexTable.ts). */
function shiki(): { highlighter: HighlighterCore; known: Set<string> } {
  highlighter ??= createShiki(regexConstructor(readRegexTable()));
  known ??= new Set(highlighter.getLoadedLanguages());
  return { highlighter, known };
}

/**
 * rehype, after the sanitiser: fenced code in a known language is highlighted by Shiki. Tokens become
 * `<span class="hl-keyword">` (the css-variables theme's token names as classes, coloured for both themes
 * by src/styles/markdown.css; no inline styles). Code in any other language, or none, stays as it was
 * (plain, with its `language-x` class), and so does code over HIGHLIGHT_MAX_CHARS. No time limit per line (Shiki's default cuts a slow line short,
 * which would make the output depend on the machine's load). The note HTML cache keeps the result.
 */
export function rehypeHighlight() {
  return (tree: HastNode) => {
    const visit = (node: HastNode) => {
      const children = node.children;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const pre = children[i]!;
        const code = pre.tagName === 'pre' && pre.children?.length === 1 ? pre.children[0] : undefined;
        const lang = code?.tagName === 'code' ? languageOf(code) : undefined;
        if (!code || !lang) {
          visit(pre);
          continue;
        }
        const { highlighter: h, known: k } = shiki();
        const source = textOf(code);
        if (!k.has(lang) || source.length > HIGHLIGHT_MAX_CHARS) continue;
        const lines = h.codeToTokensBase(source.replace(/\n$/, ''), { lang, theme: 'css-variables', tokenizeTimeLimit: 0 });
        const out: HastNode[] = [];
        lines.forEach((line, n) => {
          if (n > 0) out.push({ type: 'text', value: '\n' });
          for (const token of line) {
            const cls = tokenClass(token.color, token.fontStyle ?? 0);
            const prev = out[out.length - 1];
            if (!cls) out.push({ type: 'text', value: token.content });
            else if (prev?.tagName === 'span' && (prev.properties?.['className'] as string[]).join(' ') === cls.join(' '))
              prev.children![0]!.value += token.content;
            else out.push({ type: 'element', tagName: 'span', properties: { className: cls }, children: [{ type: 'text', value: token.content }] });
          }
        });
        code.children = out;
        code.properties = { ...code.properties, className: [`language-${lang}`] };
        pre.properties = { ...pre.properties, className: ['highlighted'], dataLanguage: lang };
      }
    };
    visit(tree);
  };
}

/** `var(--shiki-token-keyword)` → `hl-keyword`; the default colour → none; italic/bold/underline → hl-i, hl-b, hl-u. */
function tokenClass(color: string | undefined, fontStyle: number): string[] | undefined {
  const name = /^var\(--shiki-(?:token-)?([a-z-]+)\)$/.exec(color ?? '')?.[1];
  const cls = name && name !== 'foreground' ? [`hl-${name}`] : [];
  if (fontStyle & 1) cls.push('hl-i');
  if (fontStyle & 2) cls.push('hl-b');
  if (fontStyle & 4) cls.push('hl-u');
  return cls.length ? cls : undefined;
}

function languageOf(code: HastNode): string | undefined {
  const classes = code.properties?.['className'];
  const lang = Array.isArray(classes) ? classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-')) : undefined;
  return lang?.slice('language-'.length).toLowerCase();
}

function textOf(node: HastNode): string {
  return node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');
}
