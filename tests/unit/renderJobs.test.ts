// The notes' render jobs (prepareSite.ts): a note whose HTML is not cached is one job, and notes whose HTML depends
// on the same things (its key: the same text, the same links) share one job, rendered once, whose HTML every such
// note's page reads.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { noteRenderJob } from '../../src/node/site/noteRenderJobs.ts';
import { prepareFixture } from './preparedSite.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function folder(files: Record<string, string>): string {
  const kb = mkdtempSync(join(tmpdir(), 'kb-render-jobs-'));
  roots.push(kb);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(kb, path)), { recursive: true });
    writeFileSync(join(kb, path), text);
  }
  return kb;
}

describe('render jobs', () => {
  it('one job per distinct key: notes with the same text share it, and every note keeps its key', async () => {
    const kb = folder({
      'a.md': '---\ntitle: A\n---\nThe same words.\n',
      'b.md': '---\ntitle: B\n---\nThe same words.\n',
      'c.md': '---\ntitle: C\n---\nOther words.\n',
    });
    const site = await prepareFixture(kb);
    const keys = site.model.index.notes.map((n) => noteRenderJob(site.jobContext, n).key);
    expect(site.model.index.notes.map((n) => n.path)).toEqual(['a.md', 'b.md', 'c.md']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(site.jobs.map((j) => j.key).sort()).toEqual([keys[0], keys[2]].sort());
    expect(site.htmlKeys.size).toBe(2);
  });
});
