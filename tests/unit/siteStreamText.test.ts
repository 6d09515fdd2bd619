// Streamed endpoints (llms-full.txt and its parts) write the same bytes a single string would.
import { describe, expect, it } from 'vitest';
import { streamText } from '../../src/node/site/streamText.ts';

const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('streamText', () => {
  it('joins the pieces as UTF-8', async () => expect(await read(streamText(['a', 'ü', '', '東京']))).toBe('aü東京'));
  it('batches pieces larger than a pull', async () => {
    const big = 'x'.repeat(700_000);
    expect(await read(streamText([big, big, 'end']))).toBe(`${big}${big}end`);
  });
  it('an empty iterable is an empty body', async () => expect(await read(streamText([]))).toBe(''));
});
