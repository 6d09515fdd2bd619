// Secret scanning before publishing (issue 7): Secretlint's recommended preset, run in the node adapter.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { lintSource } from '@secretlint/core';
import { creator } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { scanSecrets } from '../../src/node/security/scanSecrets.js';
import { allowSecretsFrom } from '../../src/cli/flags.js';
import { renderIndexMd, renderTagsTxt } from '../../src/core/render/renderIndexMd.js';
import { serialiseIndex } from '../../src/node/writeIndexOutputs.js';
import { copyFixture } from './foundationSupport.js';

// Credentials that must never be committed, even as fixtures: made at test time.
const token = (alphabet: string, n: number) => [...randomBytes(n)].map((b) => alphabet[b % alphabet.length]).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const dir = copyFixture('secrets-basic');
writeFileSync(join(dir, 'guides/deploy-key.md'), `---\ntags: [deploy]\n---\n# Deploy key\n\n${privateKey}`);
writeFileSync(join(dir, 'guides/github-token.md'), `# CI token\n\nexport GH_TOKEN=ghp_${token(ALNUM, 36)}\n`);
writeFileSync(
  join(dir, 'guides/slack.md'),
  `---\ntags: [ci]\n---\n# Alerts\n\nbot: xoxb-${token('0123456789', 12)}-${token('0123456789', 13)}-${token(ALNUM, 24)}\n`,
);

const EXPECTED = [
  ['guides/deploy-key.md', 6, 'privatekey (PrivateKey)'],
  ['guides/github-token.md', 3, 'github (GITHUB_TOKEN)'],
  ['guides/slack.md', 6, 'slack (SLACK_TOKEN)'],
  ['guides/webhook-url.md', 7, 'basicauth (BasicAuth)'],
  ['references/database-url.md', 9, 'database-connection-string (PostgreSQLConnection)'],
] as const;

describe.each(EXPECTED)('a note holding a credential: %s', (path, line, kind) => {
  const result = indexKnowledgeFolder(dir);
  it('is left out of the index', () => expect(result.index.notes.some((n) => n.path === path)).toBe(false));
  it(`is reported excluded (secret) with a warning naming line ${line} and ${kind}`, () => {
    expect(result.report.find((e) => e.path === path)).toMatchObject({ outcome: 'excluded', rule: 'secret' });
    expect(result.issues).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'secret', file: path, line, message: expect.stringContaining(kind) }),
    );
  });
});

describe('secret scanning', () => {
  const result = indexKnowledgeFolder(dir);
  const published = [serialiseIndex(result.index), renderIndexMd(result.index), renderTagsTxt(result.index)].join('\n');
  it('keeps clean notes, and a credential silenced with a secretlint-disable comment', () =>
    expect(result.index.notes.map((n) => n.path)).toEqual(['guides/clean.md', 'guides/disabled-by-comment.md']));
  it('no published output holds any part of a secret', () => {
    for (const needle of ['S3cr3tPassw0rd', 'hunter2secret', 'ghp_', 'xoxb-', 'PRIVATE KEY']) expect(published).not.toContain(needle);
  });
  it('no warning repeats the secret', () => expect(JSON.stringify(result.issues)).not.toMatch(/S3cr3tPassw0rd|hunter2secret|ghp_|xoxb-/));
  it('the counts still add up', () => {
    const c = result.counts;
    expect(c.indexed + c.warned + c.ideas + c.unpublished + c.excluded).toBe(c.filesSeen);
    expect(c.excludedByRule.secret).toBe(EXPECTED.length);
  });
  it('allowSecrets keeps them, each with a secret-allowed warning', () => {
    const allowed = indexKnowledgeFolder(dir, { allowSecrets: true });
    expect(allowed.index.notes).toHaveLength(EXPECTED.length + 2);
    for (const [path] of EXPECTED) expect(allowed.report.find((e) => e.path === path)?.outcome).toBe('warned');
    expect(allowed.issues.filter((i) => i.code === 'secret-allowed')).toHaveLength(EXPECTED.length);
  });
  it.each([
    [true, {}, true],
    [undefined, { KB_ALLOW_SECRETS: '1' }, true],
    [undefined, { KB_ALLOW_SECRETS: '0' }, false],
    [undefined, {}, false],
  ])('allowSecretsFrom(flag %s, env %j) is %s', (flag, env, allowed) => expect(allowSecretsFrom(flag, { env })).toBe(allowed));
});

// scanSecrets drives the preset's rules synchronously; it must find exactly what Secretlint's own lintSource finds.
describe('scanSecrets agrees with @secretlint/core lintSource', () => {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
  const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: creator }] };
  it('has files to compare', () => expect(files.length).toBeGreaterThan(5));
  it.each(files)('%s', async (file) => {
    const abs = join(dir, file);
    const content = readFileSync(abs, 'utf8');
    const official = await lintSource({ source: { content, filePath: abs, ext: '.md', contentType: 'text' }, options: { config, maskSecrets: true } });
    const theirs = official.messages.map((m) => ({
      line: m.loc.start.line,
      kind: `${m.ruleId.replace(/^@secretlint\/secretlint-rule-/, '')} (${m.messageId})`,
    }));
    expect(scanSecrets(content, abs)).toEqual(theirs);
    expect(relative(dir, abs)).toBe(file);
  });
});
