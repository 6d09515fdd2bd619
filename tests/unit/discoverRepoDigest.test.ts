import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverInDigest } from '../../src/core/discover/discoverInDigest.js';
import { buildRepoDigest } from '../../src/node/discover/buildRepoDigest.js';
import { digestMemo } from '../../src/node/context/digestsFor.js';
import { gitRecency } from '../../src/node/discover/gitRecency.js';
import { git } from './gitSupport.js';

const reg = (include: string[] = [], exclude: string[] = []) => ({ alias: 'shop', path: 'shop', include, exclude });

const tmpRoot = mkdtempSync(join(tmpdir(), 'kb-discover-digest-'));
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));
// A copy outside any git repository, so Pass 6 recency (the lead's commits) cannot change the results.
const SHOP = join(tmpRoot, 'discover-shop');
cpSync(join(import.meta.dirname, '../fixtures/discover-shop'), SHOP, { recursive: true });
let n = 0;
/** A fresh folder under the test's tmp dir with these files. */
function tree(files: Record<string, string>): string {
  const root = join(tmpRoot, `t${n++}`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

describe('Pass 1 topology on the shop fixture', () => {
  const d = buildRepoDigest(SHOP, reg());
  it('detects language, framework, structure and count', () => {
    expect(d).toMatchObject({ language: 'TypeScript', frameworks: ['Node.js'], structure: 'src-based', fileCount: 13, sourceFileCount: 10, mode: 'files' });
  });
  it('finds the entry points main > app > index', () => expect(d.entryPoints).toEqual(['src/main.ts', 'src/app.ts', 'src/index.ts']));
  it('resolves relative imports (.js → .ts, extensionless, side-effect imports)', () => {
    expect(d.files.find((f) => f.path === 'src/main.ts')!.imports).toEqual(['src/checkout/cart.ts', 'src/payments/refund.ts', 'src/util/format.ts']);
    expect(d.files.find((f) => f.path === 'src/index.ts')!.imports).toEqual(['src/main.ts']);
  });
  it('searches only primary-language files (grep type=ts)', () => {
    expect(d.files.find((f) => f.path === 'docs/refund-policy.md')!.words).toEqual([]);
    expect(d.files.find((f) => f.path === 'src/payments/refund.ts')!.words).toContain('refund');
  });
});

describe('import chain on the shop fixture (budget 5)', () => {
  const r = discoverInDigest(buildRepoDigest(SHOP, reg()), 'issue a partial refund for an invoice', 5);
  it('selects the entry points, then keyword and import candidates', () => {
    expect(r.keywords).toEqual(['partial', 'refund', 'invoice']);
    expect(r.selected.map((s) => [s.file, s.reason])).toEqual([
      ['src/main.ts', 'entry point'],
      ['src/app.ts', 'entry point'],
      ['src/index.ts', 'entry point'],
      ['src/payments/refund.ts', 'keyword match: partial, refund, invoice; imported by main.ts; name contains "refund" (Pass 5)'],
      // invoice.ts scores as high, but src/payments/ already has a file: diversity picks another folder
      ['src/routes.ts', 'keyword match: refund; imported by app.ts'],
    ]);
  });
});

describe.each([
  [
    'python',
    {
      'pyproject.toml': '',
      'app/__main__.py': 'from .billing import charge\nfrom . import ledger\nimport app.util\n',
      'app/billing.py': '',
      'app/ledger.py': '',
      'app/util.py': '',
      'app/__init__.py': '',
    },
    'app/__main__.py',
    ['app/billing.py', 'app/ledger.py', 'app/util.py'],
  ],
  [
    'python parenthesised',
    { 'main.py': 'from pkg.mod import (\n  a,\n  b,\n)\nfrom pkg import c\n', 'pkg/mod.py': '', 'pkg/c.py': '', 'pkg/__init__.py': '' },
    'main.py',
    ['pkg/mod.py', 'pkg/__init__.py', 'pkg/c.py'],
  ],
  [
    'go',
    {
      'go.mod': 'module example.com/shop\n',
      'main.go': 'package main\nimport (\n  "fmt"\n  "example.com/shop/internal/cart"\n)\n',
      'internal/cart/cart.go': '',
      'internal/cart/cart_test.go': '',
    },
    'main.go',
    ['internal/cart/cart.go'],
  ],
  [
    'rust',
    { 'Cargo.toml': '', 'src/main.rs': 'mod cart;\nuse crate::pay::refund;\n', 'src/cart.rs': '', 'src/pay/mod.rs': '', 'src/pay/refund.rs': '' },
    'src/main.rs',
    ['src/cart.rs', 'src/pay/mod.rs', 'src/pay/refund.rs'],
  ],
  [
    'js require and dynamic import',
    { 'index.js': "const a = require('./a');\nimport('./b/index.js');\nrequire('left-pad');\n", 'a.js': '', 'b/index.js': '' },
    'index.js',
    ['a.js', 'b/index.js'],
  ],
])('import chain: %s', (_lang, files, entry, expected) => {
  it(`${entry} → ${expected.join(', ')}`, () => {
    const d = buildRepoDigest(tree(files), reg());
    expect(d.files.find((f) => f.path === entry)!.imports).toEqual(expected);
  });
});

describe.each([
  'node_modules',
  '.git',
  'dist',
  'vendor',
  '__pycache__',
  '.next',
  'target',
  'build',
  '.venv',
  'coverage',
  '.turbo',
  '.cache',
  '.parcel-cache',
  '.nuxt',
  '.output',
  '.svelte-kit',
])('ignore list: %s/', (dir) => {
  it('is never walked, at the root or deeper', () => {
    const root = tree({ 'src/refund.ts': 'refund', [`${dir}/refund.ts`]: 'refund', [`src/${dir}/refund.ts`]: 'refund' });
    const d = buildRepoDigest(root, reg());
    expect(d.files.map((f) => f.path)).toEqual(['src/refund.ts']);
    expect(d.fileCount).toBe(1);
  });
});

describe.each([
  ['binary', 'logo.png'],
  ['binary', 'photo.jpg'],
  ['binary', 'anim.gif'],
  ['binary', 'spec.pdf'],
  ['binary', 'bundle.zip'],
  ['binary', 'tool.exe'],
  ['binary', 'lib.dll'],
  ['binary', 'mod.wasm'],
  ['binary', 'blob.bin'],
  ['lock', 'package-lock.json'],
  ['lock', 'yarn.lock'],
  ['lock', 'pnpm-lock.yaml'],
  ['lock', 'Cargo.lock'],
  ['lock', 'go.sum'],
  ['lock', 'poetry.lock'],
])('%s rule: %s', (_rule, name) => {
  it('is excluded from the files and the count', () => {
    const d = buildRepoDigest(tree({ 'src/refund.ts': 'refund', [`src/${name}`]: 'refund' }), reg());
    expect(d.files.map((f) => f.path)).toEqual(['src/refund.ts']);
  });
});

describe('lock files still tell Pass 1 the language', () => {
  it.each([
    ['Cargo.lock', 'Rust'],
    ['poetry.lock', 'Python'],
    ['go.sum', 'Go'],
    ['yarn.lock', 'JavaScript'],
  ])('%s → %s', (lock, language) => expect(buildRepoDigest(tree({ [lock]: '', 'README.md': '# x' }), reg()).language).toBe(language));
});

describe.each([
  ['include keeps only matches', ['src/**'], [], ['src/checkout/cart.ts', 'src/payments/refund.ts', 'src/payments/refund.test.ts']],
  ['exclude removes matches', [], ['**/*.test.*', 'docs/**'], ['package.json', 'src/checkout/cart.ts', 'src/payments/refund.ts']],
  ['exclude wins over include', ['src/**'], ['src/checkout/**'], ['src/payments/refund.ts', 'src/payments/refund.test.ts']],
  [
    'applied after the ignore list (include cannot bring node_modules back)',
    ['**/*.ts'],
    [],
    ['src/checkout/cart.ts', 'src/payments/refund.ts', 'src/payments/refund.test.ts'],
  ],
])('include/exclude: %s', (_rule, include, exclude, expected) => {
  it('filters the candidates', () => {
    const root = tree({
      'package.json': '{}',
      'docs/refund.md': '',
      'src/checkout/cart.ts': '',
      'src/payments/refund.ts': '',
      'src/payments/refund.test.ts': '',
      'node_modules/x/index.ts': '',
    });
    const d = buildRepoDigest(root, reg(include, exclude));
    expect(d.files.map((f) => f.path).sort()).toEqual([...expected].sort());
    expect(d.fileCount).toBe(expected.length);
  });
});

describe.each([
  ['flat', { 'a.py': '' }],
  ['src-based', { 'src/a.ts': '' }],
  ['cmd-based', { 'cmd/tool/main.go': '', 'go.mod': 'module x\n' }],
  ['monorepo', { 'packages/a/package.json': '{}', 'packages/b/package.json': '{}' }],
])('structure: %s', (structure, files) => {
  it('is detected', () => expect(buildRepoDigest(tree(files), reg()).structure).toBe(structure));
});

describe('project map mode', () => {
  const files: Record<string, string> = { 'README.md': Array.from({ length: 250 }, (_, i) => `readme line ${i + 1}`).join('\n'), 'src/main.ts': 'export {}\n' };
  for (let i = 0; i < 498; i++) files[`src/mod${Math.floor(i / 100)}/f${i}.ts`] = `export const v${i} = ${i};\n`;
  it('stays in files mode at exactly 500 files', () => {
    expect(buildRepoDigest(tree(files), reg())).toMatchObject({ fileCount: 500, mode: 'files' });
  });
  it('switches to map mode at 501 files, with a depth-2 tree and the README excerpt', () => {
    const root = tree({ ...files, 'src/extra.ts': '', 'node_modules/pkg/index.js': '' });
    const d = buildRepoDigest(root, reg());
    expect(d).toMatchObject({ fileCount: 501, mode: 'map', entryPoints: ['src/main.ts'], readmePath: 'README.md', readmeLines: 250 });
    expect(d.tree).toEqual(['.', './src', './src/mod0', './src/mod1', './src/mod2', './src/mod3', './src/mod4']);
    expect(d.readme!.split('\n')).toHaveLength(200);
    expect(d.files.map((f) => f.path)).toEqual(['src/main.ts']);
  });
  it('counts after include/exclude: 501 files excluded down to 500 is files mode', () => {
    const root = tree({ ...files, 'src/extra.ts': '' });
    expect(buildRepoDigest(root, reg([], ['src/extra.ts'])).mode).toBe('files');
  });
});

describe('symlink escape', () => {
  const outside = tree({ 'secret-ish.ts': 'refund' });
  const root = tree({ 'src/refund.ts': 'refund', 'src/inner.ts': 'refund' });
  symlinkSync(join(outside, 'secret-ish.ts'), join(root, 'src', 'escape.ts'));
  symlinkSync(outside, join(root, 'linked-dir'));
  symlinkSync(join(root, 'src', 'inner.ts'), join(root, 'src', 'alias.ts'));
  symlinkSync(join(root, 'src'), join(root, 'loop'));
  const d = buildRepoDigest(root, reg());
  it('skips files and folders whose real path leaves the root, with a warning each', () => {
    expect(d.files.map((f) => f.path)).not.toContain('src/escape.ts');
    expect(d.files.map((f) => f.path).some((p) => p.startsWith('linked-dir'))).toBe(false);
    expect(d.warnings).toEqual([
      'Skipped shop/linked-dir: it is a symlink whose real path leaves the registered folder.',
      'Skipped shop/src/escape.ts: it is a symlink whose real path leaves the registered folder.',
    ]);
  });
  it('keeps linked files that stay inside the root; a linked folder inside is walked under its real name only', () => {
    expect(d.files.map((f) => f.path)).toEqual(['src/alias.ts', 'src/inner.ts', 'src/refund.ts']);
  });
});

describe('Pass 6 recency from git', () => {
  const root = tree({ 'src/a.ts': 'refund 0\n', 'src/b.ts': 'refund 0\n', 'src/c.ts': 'refund 0\n' });
  git(root, ['init', '-q'], '2024-01-01T00:00:00Z');
  git(root, ['add', '.'], '2024-01-01T00:00:00Z');
  git(root, ['commit', '-q', '-m', 'initial'], '2024-01-01T00:00:00Z');
  for (const [i, file] of ['src/b.ts', 'src/b.ts', 'src/c.ts'].entries()) {
    writeFileSync(join(root, file), `refund ${i + 1}\n`);
    git(root, ['commit', '-q', '-am', `edit ${i}`], `2024-01-0${i + 2}T00:00:00Z`);
  }
  it('lists files by how often the last 20 commits touched them', () => {
    expect(gitRecency(root)).toEqual(['src/b.ts', 'src/c.ts', 'src/a.ts']);
  });
  it('breaks the tie between equally scored files in the digest', () => {
    const d = buildRepoDigest(root, reg());
    expect(d.recent).toEqual(['src/b.ts', 'src/c.ts', 'src/a.ts']);
    expect(discoverInDigest(d, 'refund', 1).selected.map((s) => s.file)).toEqual(['src/b.ts']);
  });
  it('is skipped silently outside a git repository', () => {
    expect(gitRecency(tree({ 'a.ts': '' }))).toEqual([]);
  });
});

// kb-digests.json is published with the site: a credential in a codebase's source or README is never one of its words.
describe('a digest holds no credential of the codebase', () => {
  const keyId = 'AKIAQYLPMN5HHHFPZAM2';
  const stripe = `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`;
  it('the words of a source file leave each credential out', () => {
    const d = buildRepoDigest(
      tree({
        'package.json': '{"name":"svc"}\n',
        'src/config.ts': `export const DEPLOY_KEY = "${keyId}";\nexport function charge() { return "${stripe}"; }\n`,
      }),
      reg(),
    );
    expect(d.files.find((f) => f.path === 'src/config.ts')!.words).toEqual(expect.arrayContaining(['charge', 'deploy_key', 'export', 'function']));
    expect(JSON.stringify(d).toLowerCase()).not.toMatch(/akiaqylpmn5hhhfpzam2|sk_live_/);
  });
  it('a map-mode README quotes it redacted', () => {
    const files: Record<string, string> = { 'README.md': `# Svc\n\nDeploy with ${keyId}.\n`, 'src/main.ts': 'export {}\n' };
    for (let i = 0; i < 500; i++) files[`src/m${i}.ts`] = 'export {}\n';
    const d = buildRepoDigest(tree(files), reg());
    expect(d.mode).toBe('map');
    expect(d.readme).toContain('Deploy with [redacted: aws].');
  });
});

describe('a build digests each codebase once (digestMemo)', () => {
  it('answers the same registration with the same digest, another registration with its own', () => {
    const digestOf = digestMemo();
    const first = digestOf(SHOP, reg());
    expect(first).toEqual(buildRepoDigest(SHOP, reg()));
    expect(digestOf(SHOP, reg())).toBe(first);
    const narrower = digestOf(SHOP, { ...reg(), exclude: ['src/**'] });
    expect(narrower).not.toBe(first);
    expect(narrower.files.length).toBeLessThan(first.files.length);
  });
});
