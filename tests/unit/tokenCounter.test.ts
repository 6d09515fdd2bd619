// The token counter a pack's caller passes in (createTokenCounter): countTokens' counts, remembered by the caller.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { createTokenCounter } from '../../src/core/tokens/tokenCounter.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

const fixture = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-basic'));
const data = buildPackData(fixture.index, fixture.bodies);

describe.each(['', 'cursor pagination', '## Decisions\n\n', 'x'.repeat(3000), '<|endoftext|> in a note'])('the counter on %j', (text) => {
  it('counts as countTokens, first and again', () => {
    const count = createTokenCounter();
    expect([count(text), count(text)]).toEqual([countTokens(text), countTokens(text)]);
  });
});

describe('a pack and its caller’s counter', () => {
  const request = { task: 'cursor pagination webhook', maxTokens: 1500, today: '2026-01-01' };
  it('counts with the counter it is given', () => {
    const seen: string[] = [];
    const count = (text: string) => (seen.push(text), countTokens(text));
    buildContextPack(data, request, [], { count });
    expect(seen).toContain('## Further reading\n\n');
  });
  it('is the same pack with a fresh counter, a shared one, or one that starts again after one text', () => {
    const shared = createTokenCounter();
    buildContextPack(data, { ...request, task: 'log rotation' }, [], { count: shared });
    const packs = [undefined, shared, createTokenCounter(1)].map((count) => buildContextPack(data, request, [], { count }));
    expect(packs[1]).toEqual(packs[0]);
    expect(packs[2]).toEqual(packs[0]);
  });
});
