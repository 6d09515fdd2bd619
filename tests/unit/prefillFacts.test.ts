import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { tempDir } from './foundationSupport.js';

// Worker threads run the compiled module (lib/, built by `npm install` and before the tests).
const compiled = (await import('../../lib/node/indexKnowledgeFolder.js')) as unknown as { indexKnowledgeFolder: typeof indexKnowledgeFolder };
const root = join(import.meta.dirname, '../..');
const ALL_IN_WORKERS = { minFiles: 0, workers: 2, mainTakes: false };

/**
 * What a reading hands on: the index, bodies, issues, report, and each note's and idea's facts (not the raw
 * YAML data: the hostile fixture's alias bomb expands to millions of nodes when walked).
 */
function outcome(folder: ReturnType<typeof indexKnowledgeFolder>) {
  const { input } = folder.reading;
  const facts = [...input.notes, ...input.ideas].map((n) => [n.path, n.facts, n.body, n.bodyLine, n.readWarnings, n.yamlError]);
  return { index: folder.index, bodies: [...folder.bodies], issues: folder.issues, report: folder.report, counts: folder.counts, facts };
}

describe('a cold index derives its files’ facts in worker threads', () => {
  it.each([
    ['content', {}],
    ['tests/fixtures/hostile', {}],
    ['tests/fixtures/secrets-basic', {}],
    ['tests/fixtures/secrets-basic', { allowSecrets: true }],
    ['tests/fixtures/obsidian', {}],
    ['tests/fixtures/private-notes', {}],
    ['tests/fixtures/obsidian', { links: true }],
    ['content', { links: true }],
  ])('%s %j: the same index, bodies, issues and report as one thread', (folder, options) => {
    const kbDir = join(root, folder);
    const parallel = compiled.indexKnowledgeFolder(kbDir, { ...options, prefill: ALL_IN_WORKERS });
    const single = indexKnowledgeFolder(kbDir, { ...options, prefill: { workers: 0 } });
    expect(parallel.reading.prefilled, 'the workers derived the files').toBeGreaterThan(0);
    expect(single.reading.prefilled).toBe(0);
    expect(outcome(parallel)).toEqual(outcome(single));
  });

  it('fills a cold cache, and a warm one is not prefilled again', () => {
    const cacheDir = tempDir();
    const kbDir = join(root, 'content');
    const cold = compiled.indexKnowledgeFolder(kbDir, { cacheDir, prefill: ALL_IN_WORKERS });
    const warm = compiled.indexKnowledgeFolder(kbDir, { cacheDir, prefill: ALL_IN_WORKERS });
    expect(cold.reading.prefilled).toBeGreaterThan(0);
    expect(warm.reading.prefilled).toBe(0);
    expect(outcome(warm)).toEqual(outcome(cold));
  });

  it('leaves a small folder to one thread by default', () => {
    expect(compiled.indexKnowledgeFolder(join(root, 'tests/fixtures/context-basic')).reading.prefilled).toBe(0);
  });
});
