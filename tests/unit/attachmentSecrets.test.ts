// Text attachments (.txt, .csv, .svg) a note links are published with their credentials redacted, as a note's
// are: each with a warning naming the file and line, --strict stopping the build, --allow-secrets and
// `secrets.allow` leaving them as written; a clean file and every other format are copied byte for byte.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitNoteAssets } from '../../src/node/site/emitNoteAssets.js';
import { prepareFixture } from './preparedSite.js';

const KEY_ID = 'AKIAQYLPMN5HHHFPZAM2';
const SECRET_KEY = '9drTJvcXLB89EXAMPLELB8x4pxxn8zKFtzBdZxA3';
const GITHUB = 'ghp_012345678901234567890123456789abcdef';

function folder(files: Record<string, string>): string {
  const kb = mkdtempSync(join(tmpdir(), 'kb-attach-secrets-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(kb, path, '..'), { recursive: true });
    writeFileSync(join(kb, path), text);
  }
  return kb;
}

const FILES = {
  'deploy.md': '# Deploy\n\nThe [log](files/deploy-log.txt), the [hosts](files/hosts.csv), ![[files/diagram.svg]] and the [notes](files/clean.txt).\n',
  'files/deploy-log.txt': `deploy ok\naws_access_key_id = ${KEY_ID}\naws_secret_access_key = ${SECRET_KEY}\nend\n`,
  'files/hosts.csv': `host,token\nweb1,${GITHUB}\n`,
  'files/diagram.svg': `<svg xmlns="http://www.w3.org/2000/svg"><text x="0" y="10">${KEY_ID}</text></svg>\n`,
  'files/clean.txt': 'nothing to hide\r\nsecond line\n',
};

/** Every file the build writes for the attachments, as text. */
function published(attachments: Parameters<typeof emitNoteAssets>[0]['attachments']): Map<string, string> {
  const out = mkdtempSync(join(tmpdir(), 'kb-attach-out-'));
  emitNoteAssets({ attachments, bodies: new Map() }, out);
  const dir = join(out, 'attachments', 'files');
  return new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

describe('text attachments with credentials', () => {
  it('are published with each credential redacted, the rest of the file as written', async () => {
    const site = await prepareFixture(folder(FILES));
    const files = published(site.attachments);
    expect([...files.keys()].sort()).toEqual(['clean.txt', 'deploy-log.txt', 'diagram.svg', 'hosts.csv']);
    expect(files.get('deploy-log.txt')).toBe('deploy ok\naws_access_key_id = [redacted: aws]\naws_secret_access_key = [redacted: aws]\nend\n');
    expect(files.get('hosts.csv')).toBe('host,token\nweb1,[redacted: github]\n');
    expect(files.get('diagram.svg')).toContain('<text x="0" y="10">[redacted: aws]</text>');
    for (const text of files.values()) for (const secret of [KEY_ID, SECRET_KEY, GITHUB]) expect(text).not.toContain(secret);
  });

  it('a clean text file is copied byte for byte (line endings too)', async () => {
    const site = await prepareFixture(folder(FILES));
    expect(site.attachments.find((a) => a.path === 'files/clean.txt')?.text).toBeUndefined();
    expect(published(site.attachments).get('clean.txt')).toBe(FILES['files/clean.txt']);
  });

  it('each finding is a warning in the build summary naming the file and line, never the value', async () => {
    const site = await prepareFixture(folder(FILES));
    const lines = site.summary.filter((l) => /credential/.test(l));
    expect(lines).toEqual([
      expect.stringMatching(/^kb: files\/deploy-log\.txt:2: warning: holds what looks like a credential \(aws/),
      expect.stringMatching(/^kb: files\/deploy-log\.txt:3: warning: holds what looks like a credential \(aws/),
      expect.stringMatching(/^kb: files\/diagram\.svg:1: warning: holds what looks like a credential \(aws/),
      expect.stringMatching(/^kb: files\/hosts\.csv:2: warning: holds what looks like a credential \(github/),
    ]);
    for (const l of site.summary) for (const secret of [KEY_ID, SECRET_KEY, GITHUB]) expect(l).not.toContain(secret);
  });

  it('--strict stops the build on them, naming the file and line', async () => {
    await expect(prepareFixture(folder(FILES), { strict: true })).rejects.toThrow(/files\/deploy-log\.txt:2: warning: holds what looks like a credential/);
  });

  it('--allow-secrets publishes them as written, each with a secret-allowed warning', async () => {
    const site = await prepareFixture(folder(FILES), { allowSecrets: true });
    expect(published(site.attachments).get('hosts.csv')).toBe(FILES['files/hosts.csv']);
    expect(site.summary.filter((l) => /published as written because secrets are allowed/.test(l))).toHaveLength(4);
  });

  it('config secrets.allow leaves a match as written, silently', async () => {
    const site = await prepareFixture(folder({ ...FILES, 'kb.config.yaml': `secrets:\n  allow: ['${GITHUB}']\n` }));
    expect(published(site.attachments).get('hosts.csv')).toBe(FILES['files/hosts.csv']);
    expect(site.summary.filter((l) => l.includes('hosts.csv'))).toEqual([]);
  });

  it('a file linked by no published note is not read or published', async () => {
    const site = await prepareFixture(folder({ ...FILES, 'deploy.md': '# Deploy\n\nNo links.\n' }));
    expect(site.attachments).toEqual([]);
    expect(site.summary.filter((l) => /credential/.test(l))).toEqual([]);
  });
});
