// What a note's body yields for the index: headings, the first `#` heading, wikilinks. Code never links:
// `[[x]]` in a fenced block or an inline code span is text (the page renders it as code, not as a link).
import { splitSections } from '../../src/core/context/splitSections.ts';
import { headingsOf } from '../../src/mcp/noteSection.ts';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../src/core/model/readBody.ts';

describe('readBody: wikilinks', () => {
  it.each([
    ['a link', 'See [[glossary]].', ['glossary']],
    ['target only, without #section or |label', 'See [[adr-1#context|the ADR]] and [[b|B]].', ['adr-1', 'b']],
    ['sorted, once each', '[[b]] [[a]] [[b]]', ['a', 'b']],
    ['not in a fenced block', '```\n[[in-fence]]\n```\n[[after]]', ['after']],
    ['not in a fence inside a longer fence', '````md\n```\n[[in]]\n```\n[[still-in]]\n````\n[[after]]', ['after']],
    ['not in an inline code span', 'Write `[[target]]` to link, as in [[real]].', ['real']],
    ['not in a double-backtick span', 'Use `` [[a]] `b` `` here', []],
    ['a lone backtick does not hide the rest of the line', 'a ` b [[c]]', ['c']],
    ['spans on one line each', '`x` [[one]] `[[two]]` [[three]]', ['one', 'three']],
  ])('%s', (_rule, body, links) => expect(readBody(body).wikilinks).toEqual(links));
});

describe('readBody: headings', () => {
  it.each([
    ['ATX headings, closing hashes dropped', '# Title #\n## Part ##\ntext', ['Title', 'Part'], 'Title'],
    ['not in a fenced block', '```\n# not a heading\n```\n## Real', ['Real'], undefined],
    ['a longer fence holds a shorter one (CommonMark)', '````md\n```\n# inside\n```\n````\n## Real', ['Real'], undefined],
    ['a tilde fence is not closed by backticks', '~~~\n```\n# inside\n~~~\n## Real', ['Real'], undefined],
    ['the first # heading only', '## A\n# B\n# C', ['A', 'B', 'C'], 'B'],
  ])('%s', (_rule, body, headings, firstH1) => {
    const facts = readBody(body);
    expect(facts.headings).toEqual(headings);
    expect(facts.firstH1).toBe(firstH1);
  });
});

describe('readBody: hostile lines stay fast', () => {
  it.each([
    // 5,000 runs of different lengths, none closed: a scan that looks for each run's closer through the rest of
    // the line walks up to 12.5 million backticks 5,000 times and would not finish within the test timeout.
    ['5,000 unclosed runs of rising length', `${Array.from({ length: 5000 }, (_, i) => '`'.repeat(i + 1)).join(' x ')} [[c]]`, ['c']],
    ['200,000 single backticks, paired', '` '.repeat(200_000), []],
    ['100,000 spans', '`a` [[b]] '.repeat(100_000), ['b']],
  ])('%s', (_case, line, links) => expect(readBody(line).wikilinks).toEqual(links));
});

// The three line readers of a body follow one fence rule (codeFence.ts): the index's, the pack sections' and MCP's.
describe('one fence rule for every body reader', () => {
  const body = ['# Top', '', '````md', '```', '## not a section', '```', '````', '', '~~~', '```', '## still not', '~~~', '', '## Real'].join('\n');
  it('readBody', () => expect(readBody(body).headings).toEqual(['Top', 'Real']));
  it('splitSections', () => expect(splitSections(body).map((s) => s.heading)).toEqual(['Top', 'Real']));
  it('the MCP section reader', () => expect(headingsOf(body).map((h) => h.text)).toEqual(['Top', 'Real']));
});
