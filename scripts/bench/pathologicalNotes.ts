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
  // Raw HTML nested past any stack: a pasted page of unclosed `<div>`s, on lines and on one line, and inline spans.
  'thousands of unclosed divs': () => '# Odd\n\n' + rep('<div>\n', 20_000) + 'text\n',
  'a line of unclosed divs': () => '# Odd\n\n<div>' + rep('<div><p>', 20_000) + 'text\n',
  'nested inline spans': () => '# Odd\n\ntext ' + rep('<span><b><i>', 10_000) + 'deep\n',
  // Our own syntax repeated: wikilinks to a note that exists, embeds of it, callouts, highlights, block ids, math, tags.
  'our syntax repeated': () =>
    '# Odd\n\n' + rep('A [[ordinary]] and [[ordinary#Ordinary|text]] ==mark== $x^2$ #tag ^b0\n\n> [!note] Title\n> ![[ordinary]]\n\n$$\na\n$$\n\n', 3_000),
  'nested math and highlights': () => '# Odd\n\n' + rep('$==', 20_000) + rep('==$', 20_000),
  // Frontmatter bombs beside the alias bomb: a huge map, a deep nest, thousands of aliases.
  'a 1 MB frontmatter': () => `---\n${Array.from({ length: 30_000 }, (_, i) => `key_${i}: value number ${i} of many`).join('\n')}\n---\n# Odd\n`,
  'deeply nested frontmatter': () =>
    `---\nx: ${rep('[', 5_000)}1${rep(']', 5_000)}\ny:\n${Array.from({ length: 500 }, (_, i) => `${' '.repeat(i + 1)}k${i}:`).join('\n')} v\n---\n# Odd\n`,
  '10,000 aliases': () => `---\naliases: [${Array.from({ length: 10_000 }, (_, i) => `alias ${i}`).join(', ')}]\n---\n# Odd\n\n[[alias 9999]]\n`,
  '15,000 broken links of every kind': () =>
    '# Odd\n\n' + Array.from({ length: 5_000 }, (_, i) => `[[gone ${i}]] [gone](gone-${i}.md) ![[gone-${i}.png]]`).join('\n') + '\n',
};
