import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = join(import.meta.dirname, '../../src/core');
const files = (readdirSync(CORE, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
// import … from 'x' | import('x') | export … from 'x'
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

describe('src/core imports no node, DOM or astro module', () => {
  it('has core modules to check', () => expect(files.length).toBeGreaterThan(10));
  it.each(files)('%s', (file) => {
    const text = readFileSync(join(CORE, file), 'utf8');
    const specs = [...text.matchAll(IMPORT)].map((m) => m[1]!);
    const bad = specs.filter((s) => /^(node:|astro|fs$|path$|gray-matter$)/.test(s));
    expect(bad).toEqual([]);
    expect(text).not.toMatch(/\b(document|window|localStorage)\./);
  });
});
