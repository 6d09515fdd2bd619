import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { corpus } from './foundationSupport.js';

describe('arscontexta/methodology (real corpus)', () => {
  // Read when a test runs: without the corpus each test fails with where to put it (foundationSupport.ts).
  let cached: ReturnType<typeof indexKnowledgeFolder> | undefined;
  const result = () => (cached ??= indexKnowledgeFolder(corpus('arscontexta/methodology')));
  it('indexes all 249 notes', () => expect(result().index.notes).toHaveLength(249));
  it('warns on exactly the 3 notes whose YAML does not parse, naming file and line', () => {
    const yaml = result().issues.filter((i) => i.code === 'yaml-invalid');
    expect(yaml).toHaveLength(3);
    for (const i of yaml) expect(i.line).toBeGreaterThan(1);
    expect(yaml.map((i) => i.file)).toContain('the system is the argument.md');
  });
  it('accounts for every file it saw', () => {
    const c = result().counts;
    expect(c.indexed + c.warned + c.ideas + c.unpublished + c.excluded).toBe(c.filesSeen);
  });
  it('takes the title from the file name when there is no title key', () => {
    const n = result().index.notes.find((x) => x.path === 'LLM attention degrades as context fills.md');
    expect(n?.title).toBe('LLM attention degrades as context fills');
  });
});
