// The Bases expression language (docs/graph-canvas-bases.md): one row per operator and per supported function,
// evaluated for one row of a small site on a fixed day; the syntax errors it reports; that nothing is executed.
import { describe, expect, it } from 'vitest';
import { createBaseEnv, withFormulas, type RecordSource } from '../../src/core/bases/createBaseEnv.js';
import { newScope, UnsupportedError, EvaluationError } from '../../src/core/bases/baseRecord.js';
import { SUPPORTED_GLOBALS } from '../../src/core/bases/baseFunctions.js';
import { SUPPORTED_METHODS } from '../../src/core/bases/baseMethods.js';
import { displayText, type Value } from '../../src/core/bases/baseValue.js';
import { evaluate } from '../../src/core/bases/evaluateExpression.js';
import { ExpressionSyntaxError, parseExpression } from '../../src/core/bases/parseExpression.js';

const SOURCES: RecordSource[] = [
  {
    path: 'books/dune.md',
    slug: 'books/dune',
    title: 'Dune',
    tags: ['book', 'scifi/classic'],
    links: ['Herbert', 'missing note'],
    data: {
      price: 12.5,
      age: 5,
      status: 'reading',
      author: '[[Herbert]]',
      genres: ['scifi', 'epic'],
      due: new Date('2026-10-20T00:00:00Z'),
      done: false,
      started: '2026-10-01',
      meta: { pages: 412 },
    },
    updated: '2026-10-10',
    created: '2026-01-02',
  },
  { path: 'people/Herbert.md', slug: 'people/herbert', title: 'Frank Herbert', tags: ['person'], links: [], data: { born: 1920 }, updated: '2026-09-01' },
  { path: 'boards/plan.canvas', slug: 'boards/plan.canvas', title: 'plan', tags: [], links: ['books/dune.md'] },
];
const resolve = (target: string) => {
  const t = target.toLowerCase().replace(/\.md$/, '');
  return SOURCES.find((s) => s.path.toLowerCase().replace(/\.md$/, '') === t || s.path.toLowerCase().replace(/\.md$/, '').endsWith(`/${t}`))?.path;
};
const site = createBaseEnv(SOURCES, { resolve, today: '2026-10-15' });
const env = withFormulas(site, {
  formulas: { ppu: 'price / age', label: 'if(price, price.toFixed(2) + " dollars")', loop: 'formula.loop + 1', broken: '(1 +' },
  properties: {},
  views: [],
});
const row = env.records.get('books/dune.md')!;
const run = (text: string): Value => evaluate(parseExpression(text), env, newScope(row, env.records.get('people/Herbert.md')));
const shown = (text: string) => displayText(run(text));

describe.each([
  // literals and operators
  ['number literal', '42', '42'],
  ['string literal with escapes', '"a\\"b"', 'a"b'],
  ['boolean and null literals', '[true, false, null].length', '3'],
  ['list literal', '[1, 2, 3]', '1, 2, 3'],
  ['object literal', '{"a": 1}.keys()', 'a'],
  ['+ adds numbers', '1 + 2', '3'],
  ['+ joins text', '"a" + 1', 'a1'],
  ['- subtracts', '5 - 7', '-2'],
  ['* multiplies', '3 * 4', '12'],
  ['/ divides', '7 / 2', '3.5'],
  ['% is the remainder', '7 % 3', '1'],
  ['( ) group', '(1 + 2) * 3', '9'],
  ['unary minus', '-(2)', '-2'],
  ['== on equal values', 'status == "reading"', 'true'],
  ['!= on different values', 'status != "done"', 'true'],
  ['> on numbers', 'price > 2.1', 'true'],
  ['< on numbers', 'age < 5', 'false'],
  ['>= on numbers', 'age >= 5', 'true'],
  ['<= on numbers', 'age <= 4', 'false'],
  ['< on dates, a text date read as a date', 'started < due', 'true'],
  ['! negates', '!done', 'true'],
  ['&& needs both', 'price > 1 && age > 10', 'false'],
  ['|| needs one', 'price > 1 || age > 10', 'true'],
  ['JavaScript precedence', '1 + 2 * 3 == 7 && !false', 'true'],
  // date arithmetic
  ['date + duration text', 'date("2024-12-01") + "1M"', '2025-01-01'],
  ['date - duration text', 'today() - "1 week"', '2026-10-08'],
  ['date - date is milliseconds', '(today() + "1d") - today()', '86400000'],
  ['duration() * number', '(today() + (duration("1d") * 2)).format("YYYY-MM-DD")', '2026-10-17'],
  ['month arithmetic clamps to the month end', 'date("2025-01-31") + "1M"', '2025-02-28'],
  // names
  ['bare name is a note property', 'price', '12.5'],
  ['note.name', 'note.status', 'reading'],
  ['note["name"]', 'note["status"]', 'reading'],
  ['missing property is empty', 'nothing', ''],
  ['list index', 'genres[1]', 'epic'],
  ['object member', 'meta.pages', '412'],
  ['formula.name', 'formula.ppu', '2.5'],
  ['formula with if()', 'formula.label', '12.50 dollars'],
  ['this is the embedding file', 'this.file.name', 'Herbert.md'],
  // global functions
  ['if() true branch', 'if(price, "yes", "no")', 'yes'],
  ['if() false branch', 'if(done, "yes", "no")', 'no'],
  ['if() without else is empty', 'if(done, "yes")', ''],
  ['an empty list and an empty text are false', 'if([] || "", "yes", "no")', 'no'],
  ['zero is false, a list with values true', 'if(0, "a", if(genres, "b", "c"))', 'b'],
  ['date() reads a day', 'date("2025-05-27").year', '2025'],
  ['date() reads a time', 'date("2025-05-27 13:45:00").hour', '13'],
  ['duration()', 'duration("2h").isType("duration")', 'true'],
  ['now() is the build day', 'now().format("YYYY-MM-DD HH:mm")', '2026-10-15 00:00'],
  ['today() is the build day', 'today()', '2026-10-15'],
  ['number() of text', 'number("3.4") + 1', '4.4'],
  ['number() of a boolean', 'number(true)', '1'],
  ['list() wraps a value', 'list("x").length', '1'],
  ['list() keeps a list', 'list(genres).length', '2'],
  ['link() resolves a note', 'link("Herbert").asFile().name', 'Herbert.md'],
  ['link() display text', 'link("Herbert", "the author")', 'the author'],
  ['file() by path', 'file("people/Herbert.md").basename', 'Herbert'],
  ['min()', 'min(3, 1, 2)', '1'],
  ['max()', 'max(3, 1, 2)', '3'],
  ['escapeHTML()', 'escapeHTML("<b>")', '&lt;b&gt;'],
  // any
  ['isTruthy()', '1.isTruthy()', 'true'],
  ['isType()', '"x".isType("string")', 'true'],
  ['toString()', '123.toString() + "!"', '123!'],
  // date
  ['date fields', 'due.month + due.day', '30'],
  ['date.date()', 'date("2025-01-02 10:00:00").date()', '2025-01-02'],
  ['date.format()', 'due.format("dddd, MMMM Do YYYY")', 'Tuesday, October 20th 2026'],
  ['date.time()', 'date("2025-01-02 10:30:05").time()', '10:30:05'],
  ['date.relative() from the build day', 'due.relative()', 'in 5 days'],
  ['date.isEmpty()', 'due.isEmpty()', 'false'],
  // string
  ['string.length', '"hello".length', '5'],
  ['contains()', '"hello".contains("ell")', 'true'],
  ['containsAll()', '"hello".containsAll("h", "e")', 'true'],
  ['containsAny()', '"hello".containsAny("x", "e")', 'true'],
  ['startsWith()', '"hello".startsWith("he")', 'true'],
  ['endsWith()', '"hello".endsWith("lo")', 'true'],
  ['isEmpty() of text', '"".isEmpty()', 'true'],
  ['lower()', '"HeLLo".lower()', 'hello'],
  ['upper()', '"hi".upper()', 'HI'],
  ['title()', '"hello world".title()', 'Hello World'],
  ['trim()', '"  hi  ".trim()', 'hi'],
  ['reverse() of text', '"abc".reverse()', 'cba'],
  ['repeat()', '"12".repeat(2)', '1212'],
  ['slice() of text', '"hello".slice(1, 4)', 'ell'],
  ['replace() with text replaces all', '"a:b:c".replace(":", "-")', 'a-b-c'],
  ['replace() with a regex', '"a:b:c".replace(/:/, "-")', 'a-b:c'],
  ['replace() with a global regex', '"a:b:c".replace(/:/g, "-")', 'a-b-c'],
  ['split()', '"a,b,c,d".split(",", 3)', 'a, b, c'],
  // number
  ['abs()', '(-5).abs()', '5'],
  ['ceil()', '(2.1).ceil()', '3'],
  ['floor()', '(2.9).floor()', '2'],
  ['round()', '(2.5).round()', '3'],
  ['round(digits)', '(2.3333).round(2)', '2.33'],
  ['toFixed()', '(3.14159).toFixed(2)', '3.14'],
  ['isEmpty() of a number', '5.isEmpty()', 'false'],
  // list
  ['list.length', 'genres.length', '2'],
  ['list contains()', 'genres.contains("epic")', 'true'],
  ['list containsAll()', '[1,2,3].containsAll(2, 3)', 'true'],
  ['list containsAny()', '[1,2,3].containsAny(3, 4)', 'true'],
  ['filter()', '[1,2,3,4].filter(value > 2)', '3, 4'],
  ['filter() with index', '[5,6,7].filter(index != 1)', '5, 7'],
  ['map()', '[1,2,3].map(value + 1)', '2, 3, 4'],
  ['reduce()', '[1,2,3].reduce(acc + value, 0)', '6'],
  ['flat()', '[1,[2,[3]]].flat()', '1, 2, 3'],
  ['isEmpty() of a list', '[].isEmpty()', 'true'],
  ['join()', '[1,2,3].join("-")', '1-2-3'],
  ['reverse() of a list', '[1,2,3].reverse()', '3, 2, 1'],
  ['slice() of a list', '[1,2,3,4].slice(1, 3)', '2, 3'],
  ['sort()', '["c","a","b"].sort()', 'a, b, c'],
  ['unique()', '[1,2,2,3].unique()', '1, 2, 3'],
  // link
  ['a property link resolves', 'author.asFile().path', 'people/Herbert.md'],
  ['linksTo()', 'link("boards/plan.canvas").linksTo(file)', 'true'],
  // file
  ['file.name', 'file.name', 'dune.md'],
  ['file.basename', 'file.basename', 'dune'],
  ['file.path', 'file.path', 'books/dune.md'],
  ['file.folder', 'file.folder', 'books'],
  ['file.ext', 'file.ext', 'md'],
  ['file.tags', 'file.tags', 'book, scifi/classic'],
  ['file.links (resolved only)', 'file.links.length', '1'],
  ['file.backlinks', 'file.backlinks', 'boards/plan.canvas'],
  ['file.mtime', 'file.mtime', '2026-10-10'],
  ['file.ctime', 'file.ctime', '2026-01-02'],
  ['file.properties', 'file.properties.status', 'reading'],
  ['asLink()', 'file.asLink("read")', 'read'],
  ['hasLink() by name', 'file.hasLink("Herbert")', 'true'],
  ['hasLink() by file', 'file.hasLink(file("people/Herbert.md"))', 'true'],
  ['hasProperty()', 'file.hasProperty("price")', 'true'],
  ['hasTag() any of several', 'file.hasTag("nope", "book")', 'true'],
  ['hasTag() includes nested tags', 'file.hasTag("scifi")', 'true'],
  ['hasTag() with #', 'file.hasTag("#book")', 'true'],
  ['inFolder()', 'file.inFolder("books")', 'true'],
  ['inFolder() of another folder', 'file.inFolder("people")', 'false'],
  // object
  ['object isEmpty()', '{}.isEmpty()', 'true'],
  ['object keys()', 'meta.keys()', 'pages'],
  ['object values()', 'meta.values()', '412'],
  // regular expression
  ['matches()', '/abc/.matches("abcde")', 'true'],
  ['a missing value propagates', 'nothing.toFixed(2)', ''],
])('%s', (_rule, expression, expected) => {
  it(`${expression} → ${expected}`, () => expect(shown(expression)).toBe(expected));
});

describe('every supported function has a row above', () => {
  const file = import.meta.filename;
  it.each([...SUPPORTED_GLOBALS.map((g) => `${g}(`), ...Object.values(SUPPORTED_METHODS).flatMap((ms) => ms.map((m) => `.${m}(`))])('%s', async (call) => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file, 'utf8')).toContain(call);
  });
});

describe.each([
  ['html() never renders a note’s HTML', 'html("<b>x</b>")', 'html()'],
  ['icon()', 'icon("plus")', 'icon()'],
  ['an unknown method', '"x".shout()', 'shout()'],
  ['file.size', 'file.size', 'file.size'],
  ['file.embeds', 'file.embeds', 'file.embeds'],
])('unsupported: %s', (_rule, expression, feature) => {
  it(expression, () => {
    expect(() => run(expression)).toThrow(UnsupportedError);
    try {
      run(expression);
    } catch (err) {
      expect((err as UnsupportedError).feature).toBe(feature);
    }
  });
});

describe.each([
  ['a method of another type', '(1).lower()', 'lower() cannot be used on a number'],
  ['arithmetic on the wrong types', '"a" * 2', '“*” cannot be used on a string and a number'],
  ['a formula that needs itself', 'formula.loop', 'formula “loop” refers to itself'],
  ['a formula that cannot be read', 'formula.broken', 'formula “broken” expected a value at the end'],
  ['an unknown formula', 'formula.nope', 'there is no formula “nope”'],
  ['a date moved by something else', 'today() + "soon"', 'a date can only move by a duration, not “soon”'],
  ['date() of text that is no date', 'date("tomorrow")', 'date() cannot read “tomorrow”'],
  ['a regex that nests repetitions', '/(a+)+b/.matches("aaa")', 'nests repetitions'],
])('evaluation error: %s', (_rule, expression, message) => {
  it(expression, () => expect(() => run(expression)).toThrow(EvaluationError));
  it(`says: ${message}`, () => expect(() => run(expression)).toThrow(message));
});

describe.each([
  ['an unclosed string', '"abc', 'has a text that is never closed (a missing quote) '],
  ['an unclosed group', '(1 + 2', 'expected “)” at the end'],
  ['a dangling operator', '1 +', 'expected a value at the end'],
  ['two values in a row', 'a b', 'has more after a complete expression at “b” (character 3)'],
  ['a character it cannot read', 'a # b', 'has a character it cannot read: “#”'],
  ['a method name missing', 'a.', 'expected a name after “.” at the end'],
])('syntax error: %s', (_rule, text, message) => {
  it(text, () => {
    expect(() => parseExpression(text)).toThrow(ExpressionSyntaxError);
    expect(() => parseExpression(text)).toThrow(message.trim());
  });
});

describe('nothing in an expression is executed', () => {
  it.each(['constructor.constructor("return process")()', 'this.constructor', '__proto__', 'toString.call(1)', 'globalThis.process'])('%s', (text) => {
    let value: Value | undefined;
    try {
      value = run(text);
    } catch (err) {
      expect(err instanceof UnsupportedError || err instanceof EvaluationError || err instanceof ExpressionSyntaxError).toBe(true);
      return;
    }
    expect(value === null || typeof value !== 'function').toBe(true);
    expect(displayText(value)).not.toMatch(/process|function/i);
  });
});
