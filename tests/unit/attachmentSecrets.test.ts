// Text attachments (.txt, .csv, .svg) a note links are published with their credentials redacted, as a note's
// are: each with a warning naming the file and line, --strict stopping the build, --allow-secrets and
// `secrets.allow` leaving them as written; a clean file and every other format are copied byte for byte.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { emitNoteAssets } from '../../src/node/site/emitNoteAssets.js';
import { captureIo } from './foundationSupport.js';
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

// Zip-based attachments (.zip, .docx, .xlsx, .pptx) cannot be redacted: one whose text holds a credential is left out.
describe('zip-based attachments with credentials', () => {
  const zip = (entries: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)]))));
  const kb = () => {
    const dir = folder({
      'deploy.md':
        '# Deploy\n\n[accounts](files/accounts.xlsx), [report](files/report.docx), [clean](files/clean.docx), [bundle](files/bundle.zip), [broken](files/broken.zip).\n',
    });
    const write = (path: string, buf: Buffer) => writeFileSync(join(dir, path), buf);
    mkdirSync(join(dir, 'files'));
    write(
      'files/accounts.xlsx',
      zip({ '[Content_Types].xml': '<Types/>', 'xl/sharedStrings.xml': `<sst><si><t>deploy user</t></si><si><t>${KEY_ID}</t></si></sst>` }),
    );
    // Word splits a value across runs: the scanner reads the text with the tags taken out.
    write(
      'files/report.docx',
      zip({
        'word/document.xml': `<w:document><w:p><w:r><w:t>key ${KEY_ID.slice(0, 9)}</w:t></w:r><w:r><w:t>${KEY_ID.slice(9)}</w:t></w:r></w:p></w:document>`,
      }),
    );
    write('files/clean.docx', zip({ 'word/document.xml': '<w:document><w:p><w:r><w:t>Nothing to hide.</w:t></w:r></w:p></w:document>' }));
    write('files/bundle.zip', zip({ 'app/.env': `STRIPE_SECRET_KEY=sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}\n`, 'app/logo.png': '\0PNG' }));
    write('files/broken.zip', Buffer.from('PK\u0003\u0004 not really a zip'));
    return dir;
  };

  it('only the clean one is published, byte for byte', async () => {
    const dir = kb();
    const site = await prepareFixture(dir);
    expect(site.attachments.map((a) => a.path)).toEqual(['files/clean.docx']);
    const out = mkdtempSync(join(tmpdir(), 'kb-attach-out-'));
    emitNoteAssets({ attachments: site.attachments, bodies: new Map() }, out);
    expect(readFileSync(join(out, 'attachments/files/clean.docx')).equals(readFileSync(join(dir, 'files/clean.docx')))).toBe(true);
  });

  it('each left out with a warning naming the file and the part, never the value', async () => {
    const site = await prepareFixture(kb());
    const lines = site.summary.filter((l) => /files\/(accounts|report|bundle|broken)/.test(l));
    expect(lines).toEqual([
      expect.stringMatching(
        /^kb: files\/accounts\.xlsx: warning: holds what looks like a credential \(aws \(AWSAccessKeyID\)\) in xl\/sharedStrings\.xml; an archive cannot be redacted, so it is not published/,
      ),
      expect.stringMatching(/^kb: files\/broken\.zip: warning: could not be unpacked whole to check it for credentials/),
      expect.stringMatching(/^kb: files\/bundle\.zip: warning: holds what looks like a credential \(stripe \(StripeSecretKey\)\) in app\/\.env/),
      expect.stringMatching(/^kb: files\/report\.docx: warning: holds what looks like a credential \(aws \(AWSAccessKeyID\)\) in word\/document\.xml/),
    ]);
    for (const l of site.summary) expect(l).not.toContain(KEY_ID);
  });

  it('--allow-secrets publishes them, each finding with a secret-allowed warning', async () => {
    const site = await prepareFixture(kb(), { allowSecrets: true });
    expect(site.attachments.map((a) => a.path)).toEqual([
      'files/accounts.xlsx',
      'files/broken.zip',
      'files/bundle.zip',
      'files/clean.docx',
      'files/report.docx',
    ]);
    expect(site.summary.filter((l) => /published as written because secrets are allowed/.test(l))).toHaveLength(3);
  });
});

describe('kb check reports what the build would', () => {
  it('each credential of a linked attachment, with file and line, and exits 1', async () => {
    const kb = folder(FILES);
    const io = captureIo(kb, { KB_NO_CACHE: '1' });
    expect(await main(['check', '--kb', kb, '--json'], io)).toBe(1);
    const report = JSON.parse(io.stdout.join('\n')) as { issues: { file: string; line?: number; code: string }[] };
    expect(report.issues.filter((i) => i.code === 'secret').map((i) => `${i.file}:${i.line}`)).toEqual([
      'files/deploy-log.txt:2',
      'files/deploy-log.txt:3',
      'files/diagram.svg:1',
      'files/hosts.csv:2',
    ]);
    expect(io.stdout.join('\n')).not.toContain(KEY_ID);
  });
});
