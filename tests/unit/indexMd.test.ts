// index.md in the aria format (issue 2): golden files, so any change in the output is a reviewed diff.
// Update them deliberately with `npx vitest run tests/unit/indexMd.test.ts -u`.
import { describe, expect, it } from 'vitest';
import { parseIndexMd } from '../../src/core/aria/parseIndexMd.js';
import { renderIndexMd } from '../../src/core/render/renderIndexMd.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { CONTENT, fixture } from './foundationSupport.js';

describe.each([
  ['aria-basic', fixture('aria-basic')],
  ['aria-config', fixture('aria-config')],
  ['content', CONTENT],
])('index.md of %s', (name, dir) => {
  const index = indexKnowledgeFolder(dir).index;
  const md = renderIndexMd(index);
  it('matches the golden file', async () => {
    await expect(md).toMatchFileSnapshot(`__golden__/index/${name}.index.md`);
  });
  it('reads back: its projects and Known Tags are what the index holds', () => {
    const facts = parseIndexMd(md);
    expect(facts.knownTags).toEqual(index.knownTags.map((k) => k.tag));
    expect(facts.aliases).toEqual(index.aliases);
    expect(Object.keys(facts.projects)).toEqual(index.projects.map((p) => p.key));
    for (const p of index.projects) expect(facts.projects[p.key]).toEqual({ name: p.name, tags: p.tags });
  });
  it('has its sections in the aria order, tags sorted within each', () => {
    const h2 = md.split('\n').filter((l) => l.startsWith('## '));
    expect(h2.slice(0, 5)).toEqual(['## Projects', '## Known Tags', '## Tag Index', '## Other Tags', '## Semantic Hints Index']);
    const sections = md.split(/\n(?=## )/);
    for (const section of sections) {
      const h3 = section.split('\n').filter((l) => l.startsWith('### ') && !section.startsWith('## Projects'));
      expect(h3).toEqual([...h3].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });
});
