import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredPacks } from '../../src/core/context/configuredPacks.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

const { index } = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-basic'));

describe('configuredPacks', () => {
  it('has one pack per project when no packs are configured', () => {
    expect(configuredPacks(index)).toEqual([
      {
        slug: 'project-shop',
        title: 'What should I know before working on Shop',
        request: { task: 'What should I know before working on Shop', project: 'shop' },
      },
    ]);
  });
  it('keeps configured packs first, with unique slugs derived from the task', () => {
    const packs = configuredPacks({
      ...index,
      packs: [
        { task: 'Add cursor pagination to the orders list' },
        { task: 'Add cursor pagination to the orders list', maxTokens: 3000 },
        { task: 'x', slug: 'project-shop' },
      ],
    });
    expect(packs.map((p) => p.slug)).toEqual([
      'add-cursor-pagination-to-the-orders-list',
      'add-cursor-pagination-to-the-orders-list-2',
      'project-shop',
      'project-shop-2',
    ]);
    expect(packs[1]!.request).toEqual({ task: 'Add cursor pagination to the orders list', maxTokens: 3000 });
  });
});
