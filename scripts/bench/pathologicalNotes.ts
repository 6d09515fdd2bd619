// Notes shaped to make a Markdown reader quadratic: cmark's pathological inputs (test/pathological_tests.py of
// commonmark/cmark) cut to about 200 kB, and the same shapes for the syntax kb-portal reads on top of CommonMark.
// Shared by tests/unit/pathologicalNotes.test.ts (each must finish) and the benchmark (how long each takes).

const N = 30_000;
const rep = (s: string, n = N) => s.repeat(n);

export const PATHOLOGICAL_NOTES: Record<string, () => string> = {
  'nested strong emphasis': () => rep('*a **a ', 10_000) + 'b' + rep(' a** a*', 10_000),
  'emphasis closers with no openers': () => rep('a_ ', N),
  'emphasis openers with no closers': () => rep('_a ', N),
  'openers and closers multiple of 3': () => 'a**b' + rep('c* ', N),
  'link closers with no openers': () => rep('a] ', N),
  'link openers with no closers': () => rep('[a ', N),
  'link openers and emph closers': () => rep('[ a_', N),
  'mismatched openers and closers': () => rep('*a_ ', N),
  'openers and closers in link text': () => rep('[ (](', N),
  'nested brackets': () => rep('[', 20_000) + 'a' + rep(']', 20_000),
  'nested block quotes': () => rep('> ', 25_000) + 'a',
  'deep block quote emphasis': () => rep('> *a* ', 10_000),
  backticks: () => Array.from({ length: 2_000 }, (_, i) => 'e' + '`'.repeat((i % 60) + 1)).join(''),
  'unclosed links': () => rep('[a](<b', N),
  'unclosed html comment': () => '</' + rep('<!--', 50_000),
  'unclosed processing instruction': () => rep('<?', N),
  'unclosed CDATA': () => rep('<![CDATA[', 20_000),
  'many link reference definitions': () => Array.from({ length: 20_000 }, (_, i) => `[l${i}]: /u${i}`).join('\n'),
  stars: () => rep('*', 20_000),
  'many list items': () => rep('- a\n', 20_000),
  'deep nested lists': () => Array.from({ length: 2_000 }, (_, i) => ' '.repeat(i * 2) + '- a').join('\n'),
  'many table columns': () => rep('|a', 5_000) + '|\n' + rep('|-', 5_000) + '|\n' + rep('|b', 5_000) + '|\n',
  'broken wikilink openers': () => rep('[[', 100_000),
  'broken embed shapes': () => rep('![[]()', N),
  '10,000 broken wikilinks': () => Array.from({ length: 10_000 }, (_, i) => `[[missing ${i}]]`).join(' '),
  '10,000 broken embeds': () => Array.from({ length: 10_000 }, (_, i) => `![[missing ${i}]]`).join('\n'),
  'a long line of link items before prose': () => '# Odd\n\n' + rep('- [[a]]', 5_000) + '\nprose about refunds\n',
  'a self-embed': () => '# Odd\n\n![[odd]]\n\n![[odd#Odd]]\n',
  'unclosed comments': () => rep('%% a ', N),
  'unclosed highlights': () => rep('==a ', N),
  'nested callouts': () => Array.from({ length: 2_000 }, (_, i) => '> '.repeat(i + 1) + '[!note] a').join('\n'),
  '20,000 inline tags': () => Array.from({ length: 20_000 }, (_, i) => `#tag${i}`).join(' '),
  '20,000 frontmatter tags': () => `---\ntags: [${Array.from({ length: 20_000 }, (_, i) => `t${i}`).join(', ')}]\n---\n# Odd\n`,
  'a YAML alias bomb': () =>
    '---\na: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\ntags: *g\n---\n# Odd\n',
  'a 1 MB line': () => '# Odd\n\n' + JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ k: i, v: 'abcdefghij' }))),
  'a 1 MB data URI': () => '# Odd\n\n![x](data:image/png;base64,' + rep('QUJD', 250_000) + ')\n',
  'a 500 kB code fence': () => '# Odd\n\n```js\n' + rep('const a = [[b]] + `c` #d;\n', 20_000) + '```\n',
  'an unclosed code fence': () => '# Odd\n\n```\n' + rep('# not a heading\n', 20_000),
  'many headings': () => Array.from({ length: 20_000 }, (_, i) => `## Heading ${i}\n\ntext`).join('\n'),
  'a heading of spaces': () => '# a' + ' '.repeat(200_000) + 'x',
  'NUL bytes': () => '# Odd\0note\n\nText with \0 NUL\0 bytes.\n',
  // The secret scanner's own rules (scanSecrets.ts): PEM blocks that never end, or end far away; token-shaped runs.
  'unclosed private key blocks': () => rep('> -----BEGIN PRIVATE KEY-----\n> MIIEvQIBADAN\n', 5_000),
  'private key blocks ending far away': () => rep('-----BEGIN RSA PRIVATE KEY-----\n', 10_000) + '-----END RSA PRIVATE KEY-----\n',
  'key-shaped runs': () => rep('AIza sk_live_ whsec_ AKIA ', 10_000),
};
