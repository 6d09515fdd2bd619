// Shiki's regexes converted once, with the package (src/markdown/regexTable.ts): code is highlighted the same with the
// table as with the engine converting each pattern, and a table made by another converter is not used.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  convertPattern,
  readRegexTable,
  regexConstructor,
  regexTableKey,
  SENTINEL,
  type ConvertedRegex,
  type RegexTable,
} from '../../src/markdown/regexTable.ts';
import { createShiki, grammarNames } from '../../src/markdown/shikiHighlighter.ts';

/** A few lines in each highlighted language: strings, comments, nesting, embedded languages. */
const SAMPLES: Record<string, string> = {
  c: "#include <stdio.h>\nstatic int f(const char *s) { /* c */ return s[0] == '\\n' ? 1 : 0; }\n",
  cpp: 'template <typename T> class A : public B<T> { public: auto f() -> T&& { return std::move(x); } };\n#define X(a) #a\n',
  csharp: '[Attr] public sealed class C<T> where T : new() { string S => $"{a,5:N2} {@"v"}"; async Task F() { await G(); } }\n',
  css: '@media (min-width: 40em) { .a > b::before { content: "x"; color: rgb(0 0 0 / 50%); --v: calc(1px + 2em); } }\n',
  diff: 'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old\n+new\n context\n',
  docker: 'FROM node:20 AS build\nRUN npm ci && \\\n    npm run build\nCOPY --from=build /app /app\nENV A="b" C=d\n',
  go: 'package main\nimport "fmt"\nfunc (r *T) F(ch <-chan int) (n int, err error) { defer close(x); return len(`raw`), nil }\n',
  graphql: 'query Q($id: ID! = "1") @cached { user(id: $id) { ...F name @include(if: true) } }\nfragment F on User { id }\n',
  html: '<!doctype html><html><head><style>a { color: red }</style><script>const a = `x${1}`;</script></head><body class="x" onclick="f()"><!-- c --></body></html>\n',
  ini: '; comment\n[section.sub]\nkey = "value" ; trailing\nother=1\n',
  java: '@Override public <T extends Comparable<T>> List<T> f(final int... xs) throws IOException { return switch (x) { case 1 -> List.of(); default -> null; }; }\n',
  javascript:
    'export async function* g({ a = 1, ...r } = {}) { yield* [/re[g]x+/giu, `t${a}`, 0x1fn, a?.b ?? c]; }\nclass A extends B { #p = 1; static { } }\n',
  json: '{ "a": [1, 2.5e3, true, null], "b": { "c": "d\\u0041" } }\n',
  jsx: 'const App = () => <div className="a" onClick={() => f(<b>{x}</b>)}>{/* c */}text</div>;\n',
  kotlin: 'data class P(val a: Int) { fun f(): String = "${a} $b" ; companion object { const val X = 1 } }\nwhen (x) { is Int -> 1 else -> 2 }\n',
  python: '@dec(1)\nasync def f(a: int = 1, *args, **kw) -> str:\n    """doc"""\n    return f"{a!r:>{w}}" + r"\\d" if a else [x async for x in y]\n',
  ruby: 'class A < B\n  def f(a, *b, k: 1, &blk) = a.map { |x| "#{x}" }\n  attr_reader :a\nend\nx = %w[a b] =~ /re/\n<<~EOS\n  heredoc #{v}\nEOS\n',
  rust: '#[derive(Debug)]\npub fn f<\'a, T: Clone>(x: &\'a mut T) -> Result<(), Box<dyn Error>> { let r#type = r"raw"; println!("{x:?}"); Ok(()) }\n',
  shellscript: '#!/bin/sh\nset -eu\nfor f in "$@"; do echo "${f%.md}" $(( 1 + 2 )) | grep -E \'^x\' > /dev/null 2>&1; done\ncat <<EOF\nhere $HOME\nEOF\n',
  sql: "WITH t AS (SELECT a, COUNT(*) AS n FROM x WHERE b LIKE 'y%' GROUP BY a) SELECT * FROM t JOIN u USING (a) -- c\n",
  swift: 'struct S: P { @State private var a = 1; func f<T>(_ x: T) async throws -> String { "\\(x)" } }\nguard let y = z else { return }\n',
  toml: '[tool.x]\na = "b"\nc = [1, 2]\nd = { e = true }\n[[arr]]\ndate = 1979-05-27T07:32:00Z\n',
  tsx: 'export const C: FC<{ a?: string }> = ({ a }) => <T<string> x={a as string}>{a!}</T>;\n',
  typescript:
    'type M<T> = { readonly [K in keyof T]?: T[K] extends infer U ? U : never };\nenum E { A = 1 }\ndeclare module "m" { export function f(this: void): asserts x is string; }\n',
  xml: '<?xml version="1.0"?>\n<!DOCTYPE a>\n<a xmlns:x="u" x:b="c"><![CDATA[ raw ]]><!-- c --><d/></a>\n',
  yaml: '%YAML 1.2\n---\na: &anchor\n  b: [1, "two", \'three\']\n  c: |\n    block\n<<: *anchor\n? complex\n: value\n',
};

/** Fenced code of the fixtures and the docs, in the languages highlighted. */
function fencedCode(): [string, string][] {
  const out: [string, string][] = [];
  for (const dir of ['tests/fixtures', 'docs', 'content'])
    for (const f of readdirSync(dir, { recursive: true }).map(String))
      if (f.endsWith('.md')) for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/^```(\w+)\n([\s\S]*?)^```/gm)) out.push([m[1]!, m[2]!]);
  return out;
}

const tokens = (convert: (pattern: string) => RegExp, code: readonly [string, string][]) => {
  const h = createShiki(convert);
  const known = new Set(h.getLoadedLanguages());
  return code.map(([lang, source]) =>
    !known.has(lang) ? '' : JSON.stringify(h.codeToTokensBase(source, { lang, theme: 'css-variables', tokenizeTimeLimit: 0 })),
  );
};

describe('the regex table written with the package', () => {
  const table = readRegexTable();

  it("is the current converter's, made from the grammars highlighted", () => {
    expect(table?.key).toBe(regexTableKey());
    expect(table?.langs).toEqual(grammarNames());
    expect(table!.regexes.length).toBeGreaterThan(2000);
  });

  it('highlights every language as the engine converting each pattern does, taking nearly every regex from the table', () => {
    const code: [string, string][] = [...Object.entries(SAMPLES), ...fencedCode()];
    const known = createShiki(convertPattern).getLoadedLanguages();
    for (const lang of Object.keys(SAMPLES)) expect(known).toContain(lang);
    const fromTable = regexConstructor(table);
    let asked = 0;
    let held = 0;
    const inTable = new Set(table!.regexes.map(([p]) => p));
    const counted = (pattern: string) => {
      asked++;
      if (inTable.has(pattern)) held++;
      return fromTable(pattern);
    };
    const [withTable, converted] = [tokens(counted, code), tokens(convertPattern, code)];
    expect(withTable.filter(Boolean).length).toBeGreaterThan(Object.keys(SAMPLES).length); // the fixtures' and docs' code too
    // the blocks highlighted otherwise, named by their language and first line
    expect(code.filter((_, i) => withTable[i] !== converted[i]).map(([lang, source]) => `${lang}: ${source.split('\n')[0]}`)).toEqual([]);
    expect(asked).toBeGreaterThan(500);
    expect(held / asked).toBeGreaterThan(0.95); // the rest: end patterns resolved against the text they close
  });

  it('is not used when another converter made it, or its sentinel converts otherwise', () => {
    const other: RegexTable = { ...table!, key: table!.key.replace(/"target":"[^"]*"/, '"target":"ES2018"') };
    expect(regexConstructor(other)).toBe(convertPattern);
    const sentinel: RegexTable = {
      ...table!,
      regexes: table!.regexes.map(([p, r]): RegexTable['regexes'][number] => (p === SENTINEL ? [p, [`${r[0]}x`, ...r.slice(1)] as ConvertedRegex] : [p, r])),
    };
    expect(regexConstructor(sentinel)).toBe(convertPattern);
    expect(regexConstructor(undefined)).toBe(convertPattern);
    expect(regexConstructor(table)).not.toBe(convertPattern);
  });
});
