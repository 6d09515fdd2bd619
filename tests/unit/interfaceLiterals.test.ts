// No English left in the templates: every word a page shows comes from the interface's tables (src/core/i18n/),
// so a page in another language has no English in it. Each .astro file of src/routes, src/components and
// src/layouts is parsed (Astro's own compiler) and its text, its readable attributes (aria-label, title,
// placeholder, alt, label) and the string literals of its expressions are checked for words. What may stay is
// allow-listed below: code (`<code>`, `<kbd>`, `<pre>`), file names, commands, message keys.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@astrojs/compiler';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const DIRS = ['routes', 'components', 'layouts'];
const files = DIRS.flatMap((d) => (readdirSync(join(SRC, d), { recursive: true }) as string[]).filter((f) => f.endsWith('.astro')).map((f) => join(SRC, d, f)));

/** Elements whose text is code, never translated. */
const CODE = new Set(['code', 'kbd', 'pre', 'script', 'style']);
/** Attributes a reader hears or sees. */
const READABLE = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label']);
/** Text that is a name, not a word: the machine files the footer links, a pack's file types. */
const NAMES = /^(\.(md|json)|[\w-]+\.(txt|json|md)|\d+%)$/;

/**
 * A literal in a template expression that reads as words: a word beside spaces or punctuation (` · team-shared`,
 * `Tags of x`), or a capitalised word (`Yes`). A lone lower-case name (`muted`, `canvas`) is a class or a kind.
 */
function readsAsWords(literal: string): boolean {
  if (!/[A-Za-z]{3,}/.test(literal)) return false;
  if (/^[a-z][\w-]*(\.[\w-]*)+$/.test(literal)) return false; // a message key, or its first part: `tag.openQuery`, `status.`
  if (/[;{}=]/.test(literal)) return false; // code: a style, a script, an HTML entity
  if (/^\s*(AND|OR)\s*$/.test(literal)) return false; // the query grammar's operators
  if (/^(kb |--|\.{0,2}\/|#|[a-z][\w-]*:|projects\/)/.test(literal)) return false; // a command, a flag, a path, a frontmatter key
  return !/^[\w-]+$/.test(literal) || /^[A-Z][a-z]/.test(literal);
}

/** String literals and template texts of a piece of code (TypeScript's parser: a fragment parses, with errors). */
function literals(code: string): string[] {
  return literalsAt(code).map(([text]) => text);
}

/** The same, each with the line it is on (0 for the fragment's first). */
function literalsAt(code: string): [text: string, line: number][] {
  const out: [string, number][] = [];
  const lineOf = (node: ts.Node) => code.slice(0, node.getStart(source)).split('\n').length - 1;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push([node.text, lineOf(node)]);
    else if (ts.isTemplateExpression(node))
      out.push([node.head.text, lineOf(node)], ...node.templateSpans.map((s): [string, number] => [s.literal.text, lineOf(s)]));
    // Import paths and the keys of `t('…')` are names, not words.
    if (ts.isImportDeclaration(node)) return;
    ts.forEachChild(node, visit);
  };
  const source = ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  visit(source);
  return out;
}

interface AstNode {
  type: string;
  name?: string;
  value?: string;
  kind?: string;
  attributes?: AstNode[];
  children?: AstNode[];
  position?: { start: { line: number } };
}

async function englishIn(file: string): Promise<string[]> {
  const { ast } = await parse(readFileSync(file, 'utf8'), { position: true });
  const found: string[] = [];
  const at = (node: AstNode, what: string, below = 0) => found.push(`${relative(SRC, file)}:${(node.position?.start.line ?? 0) + below}: ${what}`);
  const walk = (node: AstNode, inCode: boolean, inExpression: boolean) => {
    if (node.type === 'frontmatter') {
      // A worded literal here is shown too: a label built before the template.
      for (const [l, line] of literalsAt(node.value ?? '')) if (readsAsWords(l)) at(node, `'${l}'`, line);
      return;
    }
    const code = inCode || (node.type === 'element' && CODE.has(node.name ?? ''));
    for (const attr of node.attributes ?? [])
      if (attr.kind === 'quoted' && READABLE.has(attr.name ?? '') && /[A-Za-z]{2,}/.test(attr.value ?? '') && !NAMES.test(attr.value ?? ''))
        at(attr, `${attr.name}="${attr.value}"`);
    if (node.type === 'text' && !code) {
      const text = (node.value ?? '').trim();
      if (inExpression) {
        for (const l of literals(node.value ?? '')) if (readsAsWords(l)) at(node, `'${l}'`);
      } else if (/[A-Za-z]{2,}/.test(text) && !NAMES.test(text)) at(node, JSON.stringify(text));
    }
    for (const child of node.children ?? []) walk(child, code, node.type === 'expression' || (inExpression && node.type !== 'element'));
  };
  walk(ast as AstNode, false, false);
  return found;
}

describe('templates show no English of their own', () => {
  it('finds the templates', () => expect(files.length).toBeGreaterThan(30));

  it('catches English text, readable attributes and worded literals (the check itself)', async () => {
    const { ast } = await parse("<p title=\"Open it\">Hello <code>kb query</code>{x ? ' · team-shared' : t('a.b')}</p>", { position: true });
    const texts: string[] = [];
    const walk = (n: AstNode) => {
      if (n.type === 'text') texts.push(n.value ?? '');
      (n.children ?? []).forEach(walk);
    };
    walk(ast as AstNode);
    expect(texts.some((t) => literals(t).some(readsAsWords))).toBe(true);
    expect(readsAsWords('tag.openQuery')).toBe(false);
    expect(readsAsWords(`kb query x`)).toBe(false);
  });

  it.each(files.map((f) => [relative(SRC, f), f]))('%s', async (_, file) => expect(await englishIn(file)).toEqual([]));
});
