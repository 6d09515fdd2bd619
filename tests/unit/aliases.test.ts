// aliases.md parsing and the two alias errors that stop the index (issue 2).
import { describe, expect, it } from 'vitest';
import { parseAliasesMd } from '../../src/core/aliases/parseAliasesMd.js';
import { resolveAliases } from '../../src/core/aliases/resolveAliases.js';
import type { KbIssue } from '../../src/core/util/issue.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { main } from '../../src/cli/main.js';
import { captureIo, fixture, tempDir } from './foundationSupport.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

describe.each([
  ['arrow →', '- `rn` → `react-native`', [{ alias: 'rn', canonical: 'react-native' }]],
  ['ascii ->', '- `rn` -> `react-native`', [{ alias: 'rn', canonical: 'react-native' }]],
  ['`*` bullet', '* `k8s` → `kubernetes`', [{ alias: 'k8s', canonical: 'kubernetes' }]],
  ['normalised like tags', '- `#DB` → `Database`', [{ alias: 'db', canonical: 'database' }]],
  ['prose is ignored', 'We use `rn` → `react-native` in prose.', []],
  ['a heading is ignored', '# Aliases', []],
  ['an entry without backticks is ignored', '- rn → react-native', []],
])('aliases.md line: %s', (_rule, line, expected) => {
  it(JSON.stringify(line), () => expect(parseAliasesMd(line).map(({ alias, canonical }) => ({ alias, canonical }))).toEqual(expected));
});

describe('aliases.md entries carry file and line', () => {
  it('counts lines from 1', () =>
    expect(parseAliasesMd('# A\n\n- `db` → `database`\n')).toEqual([{ alias: 'db', canonical: 'database', file: 'aliases.md', line: 3 }]));
});

describe('resolveAliases', () => {
  const entry = (alias: string, canonical: string, line: number) => ({ alias, canonical, file: 'aliases.md', line });
  it('maps alias → canonical', () => {
    const issues: KbIssue[] = [];
    expect(resolveAliases([entry('db', 'database', 1)], new Map(), issues)).toEqual({ db: 'database' });
    expect(issues).toEqual([]);
  });
  it('a chain is an error naming both lines and the fix', () => {
    const issues: KbIssue[] = [];
    resolveAliases([entry('k8s', 'kube', 1), entry('kube', 'kubernetes', 2)], new Map(), issues);
    expect(issues).toEqual([expect.objectContaining({ severity: 'error', code: 'alias-chain', file: 'aliases.md', line: 1 })]);
    expect(issues[0]!.message).toContain('aliases.md:1, aliases.md:2');
    expect(issues[0]!.message).toContain('`k8s` → `kubernetes`');
  });
  it('a collision with a declared tag is an error listing the files', () => {
    const issues: KbIssue[] = [];
    resolveAliases([entry('db', 'database', 3)], new Map([['db', ['guides/a.md', 'decisions/b.md']]]), issues);
    expect(issues).toEqual([expect.objectContaining({ severity: 'error', code: 'alias-collision', line: 3 })]);
    expect(issues[0]!.message).toContain('guides/a.md, decisions/b.md');
  });
  it('the same alias declared twice with different targets is an error', () => {
    const issues: KbIssue[] = [];
    resolveAliases([entry('pg', 'postgres', 1), entry('pg', 'postgresql', 2)], new Map(), issues);
    expect(issues.map((i) => i.code)).toEqual(['alias-conflict']);
  });
});

describe.each([
  ['aria-alias-chain', 'alias-chain', ['aliases.md:3', 'aliases.md:4']],
  ['aria-alias-collision', 'alias-collision', ['decisions/b.md', 'guides/a.md']],
])('%s stops the index', (name, code, named) => {
  const result = indexKnowledgeFolder(fixture(name));
  const errors = result.issues.filter((i) => i.severity === 'error');
  it(`reports ${code} naming ${named.join(', ')}`, () => {
    expect(errors.map((e) => e.code)).toEqual([code]);
    for (const n of named) expect(errors[0]!.message).toContain(n);
  });
  it('kb index exits 1 and writes nothing', async () => {
    const out = join(tempDir(), 'out');
    const io = captureIo(process.cwd());
    expect(await main(['index', '--kb', fixture(name), '--out', out], io)).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(io.stderr.join('\n')).toContain(`error: ${code === 'alias-chain' ? 'alias chain' : 'alias `db`'}`);
  });
});
