// What JavaScript an `.mdx` note may hold before the build runs it (mdxCodeCheck.ts): data only, unless the team trusts
// its authors (`--trust-html`). One row per rule; then the build: such a note is shown as plain Markdown with a warning
// naming its line, and nothing it reads (an environment variable: a CI secret) reaches the site.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkMdx } from '../../src/node/site/checkMdx.ts';
import { compileVerdict } from '../../src/node/site/compileVerdict.ts';
import { prepareFixture } from './preparedSite.ts';

/** The verdict on a note holding `what` at body line `line`: code the build does not run, or HTML it does not publish. */
function refused(kind: 'code' | 'html', what: string, line: number) {
  const reason = kind === 'code' ? 'uses JavaScript the build does not run' : 'uses HTML the build does not publish';
  return { ok: false, reason: `${reason} (${what}, line ${line})`, code: { what, line, kind } };
}

describe('MDX the build runs: data', () => {
  it.each([
    ['an exported constant and its use', "export const lastReviewed = '2026-09-20';\n\nReviewed {lastReviewed}."],
    ['an object and an array of literals, members of them', 'export const a = { b: [1, "c"], d: -1 };\n\n{a.b[0]} {a["d"]}'],
    ['frontmatter and props', '{frontmatter.title} {props.x}'],
    ['operators, a conditional and a template', 'export const n = 2;\n\n{n > 1 ? "many" : `one ${n}`} {!n && n + 1}'],
    ['components with literal and data attributes, a spread of frontmatter', '<Callout type="note" n={1} {...frontmatter}>hi</Callout>'],
    ['JSX inside an expression', 'export const on = true;\n\n{on && <b>bold</b>}'],
    ['a comment', '{/* a note to the editor */}'],
  ])('%s', async (_rule, body) => expect(await compileVerdict(body)).toEqual({ ok: true }));
});

describe('MDX the build does not run: code', () => {
  it.each([
    ['a global: process', 'Home is {process.env.HOME}.', '`process`', 1],
    ['import.meta', 'a\n\n{import.meta.env.SECRET}', '`import.meta`', 3],
    ['an import', 'import fs from "node:fs"\n\nx', 'an `import`', 1],
    ['a dynamic import', 'x {import("node:fs")}', '`import()`', 1],
    ['a function a component could call', 'export function X() { return 1 }\n\n<X />', 'a function', 1],
    ['an arrow function in an attribute', 'x <A b={() => 1} />', 'a function', 1],
    ['a call (the constructor escape)', 'x {frontmatter.constructor.constructor("return process")()}', 'a call', 1],
    ['`new`', 'x {new Date()}', '`new`', 1],
    ['a tagged template', 'x {String.raw`a`}', 'a tagged template', 1],
    ['an assignment', 'export const a = 1;\n\n{a = 2}', 'an assignment', 3],
    ['a getter', 'export const o = { get x() { return 1 } };', 'a getter, setter or method', 1],
    ['globalThis in a spread attribute', '<A {...globalThis} />', '`globalThis`', 1],
    ['a re-export', 'export { readFileSync } from "node:fs"', 'a re-export', 1],
    ['export default (a layout)', 'export default function Layout() {}', '`export default`', 1],
  ])('%s', async (_rule, body, what, line) => expect(await compileVerdict(body)).toEqual(refused('code', what, line)));
  it('trusted (--trust-html), it runs as written, by Astro', async () =>
    expect(await compileVerdict('Home is {process.env.HOME}.', true)).toEqual({ ok: true, astro: true }));
  it('the worker checks the same', async () => {
    const worker = pathToFileURL(join(import.meta.dirname, '../../lib/node/site/checkMdxWorker.js'));
    const bodies = ['{process.env.HOME}', '# Fine'];
    expect(await checkMdx(bodies, { deadlineMs: 10_000, workerUrl: worker })).toEqual([
      expect.objectContaining({ ok: false, code: { what: '`process`', line: 1, kind: 'code' } }),
      { ok: true },
    ]);
    expect(await checkMdx(bodies, { deadlineMs: 10_000, workerUrl: worker, trust: true })).toEqual([{ ok: true, astro: true }, { ok: true }]);
  }, 30_000);
});

describe('MDX HTML the build publishes: what the Markdown sanitiser allows', () => {
  it.each([
    ['links and images with http(s), mailto and relative URLs', '[ok](https://a.example) [rel](./x.md) [m](mailto:a@b.c) ![i](img/a.png) <a href="#h">h</a>'],
    ['allowed elements and attributes', '<details><summary>s</summary><kbd>Ctrl</kbd> <sup>1</sup></details>\n\n<p className="x" title="t">a</p>'],
    ['our components', '<Callout type="note">x</Callout>'],
  ])('%s', async (_rule, body) => expect(await compileVerdict(body)).toEqual({ ok: true }));
  it.each([
    ['<script>', '<script>{"window.x = 1"}</script>', '<script>', 1],
    ['<iframe>', '<iframe src="https://e.example"></iframe>', '<iframe>', 1],
    ['<script> inside an expression', 'export const on = true;\n\n{on && <script>x</script>}', '<script>', 3],
    ['an event handler', '<img src="x.png" onError="alert(1)" />', 'an event handler, onError', 1],
    ['style=', '<div style="position:fixed">a</div>', 'style=', 1],
    ['a javascript: link as JSX', '<a href="javascript:alert(1)">l</a>', 'a javascript: URL', 1],
    ['a javascript: link in Markdown (MDX does not sanitise it)', '[x](javascript:alert(1))', 'a javascript: URL', 1],
    ['a vbscript: link definition', '[x][r]\n\n[r]: vbscript:x', 'a vbscript: URL', 3],
    ['a data: image', '![i](data:image/svg+xml;base64,PHN2Zz4=)', 'a data: URL', 1],
    ['a URL from an expression', '<a href={frontmatter.url}>x</a>', 'href= from an expression', 1],
    ['a spread of attributes on an element', '<img {...frontmatter} />', 'a spread of attributes on <img>', 1],
  ])('%s', async (_rule, body, what, line) => expect(await compileVerdict(body)).toEqual(refused('html', what, line)));
});

describe('the build: an .mdx note reading the environment', () => {
  const kb = mkdtempSync(join(tmpdir(), 'kb-mdx-code-'));
  mkdirSync(join(kb, 'notes'));
  writeFileSync(join(kb, 'notes/env.mdx'), '---\ntitle: Env\n---\n# Env\n\nThe token is {process.env.GITHUB_TOKEN}.\n');
  writeFileSync(join(kb, 'notes/data.mdx'), '---\ntitle: Data\n---\nexport const n = 2;\n\n# Data\n\nTwo is {n}.\n');

  it('is shown as plain Markdown, with a warning naming its line; a note of data is read as MDX, to HTML', async () => {
    const warnings: string[] = [];
    const site = await prepareFixture(kb, { warn: (l) => warnings.push(l) });
    expect(site.mdx).toEqual([]);
    const jobs = Object.fromEntries(site.jobs.map((j) => [j.path, j.mdx]));
    expect(jobs).toEqual({ 'notes/data.mdx': { frontmatter: { title: 'Data' }, title: 'Data' }, 'notes/env.mdx': undefined });
    expect(warnings).toEqual([
      "notes/env.mdx:6: MDX holds JavaScript the build does not run (`process`: only data, frontmatter and the note's own constants); shown as plain Markdown. Authors you trust: --trust-html runs it.",
    ]);
  });
  it('with --trust-html it is MDX as written, which only Astro runs; data is still read here', async () =>
    expect((await prepareFixture(kb, { trustHtml: true })).mdx).toEqual(['notes/env.mdx']));
});
