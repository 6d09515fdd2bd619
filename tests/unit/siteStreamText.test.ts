// Streamed endpoints (llms-full.txt, kb-search-bodies.json) write the same bytes a single string would.
import { describe, expect, it } from 'vitest';
import { jsonObjectPieces, streamText } from '../../src/node/site/streamText.ts';

const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('jsonObjectPieces: the same text as JSON.stringify of the object', () => {
  it.each([
    ['no entries', []],
    ['one entry', [['a.md', 'body']]],
    ['quotes, newlines, non-Latin text', [['notes/ü "x".md', 'line 1\n"quoted" — 東京\u2028']]],
    [
      'several, in order',
      [
        ['b.md', 'x'],
        ['a.md', ''],
        ['c/d.md', '{"json": true}'],
      ],
    ],
  ] as [string, [string, string][]][])('%s', (_what, entries) =>
    expect([...jsonObjectPieces(entries)].join('')).toBe(JSON.stringify(Object.fromEntries(entries))),
  );
});

describe('streamText', () => {
  it('joins the pieces as UTF-8', async () => expect(await read(streamText(['a', 'ü', '', '東京']))).toBe('aü東京'));
  it('batches pieces larger than a pull', async () => {
    const big = 'x'.repeat(700_000);
    expect(await read(streamText([big, big, 'end']))).toBe(`${big}${big}end`);
  });
  it('an empty iterable is an empty body', async () => expect(await read(streamText([]))).toBe(''));
});
