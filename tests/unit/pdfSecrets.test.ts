// PDF attachments a note links are read for credentials before they are published: each page's text, which a PDF
// keeps in compressed (FlateDecode) streams, through PDF.js (pdfTexts.ts). A PDF that holds a credential cannot be
// redacted, so it is left out with a warning naming the file and page; one whose text cannot be read is published
// with a warning, which --strict stops the build on. kb check and kb review report what the build would.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { knowledgeReviewSchema } from '../../src/core/review/reviewSchema.js';
import { judgePdf } from '../../src/node/security/pdfSecrets.js';
import { pdfTexts } from '../../src/node/security/pdfTexts.js';
import { DEFAULT_SECRET_POLICY } from '../../src/node/security/redactSecrets.js';
import { emitNoteAssets } from '../../src/node/site/emitNoteAssets.js';
import { captureIo } from './foundationSupport.js';
import { makePdf } from './pdfSupport.js';
import { prepareFixture } from './preparedSite.js';

const KEY_ID = 'AKIAQYLPMN5HHHFPZAM2';
const leaky = makePdf(['Deploy runbook', `Step 2: export the key\naws_access_key_id = ${KEY_ID}\nthen deploy`]);
const clean = makePdf(['Deploy runbook', 'Nothing to hide here.']);
const plainLeaky = makePdf([`key ${KEY_ID}`], { compress: false });
const damaged = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const scanned = makePdf(['']);

describe('pdfTexts: the text of each page', () => {
  it('reads compressed content streams, page by page', () => {
    expect(leaky.includes(KEY_ID)).toBe(false); // the key is deflated: a scan of the bytes would not see it
    expect(pdfTexts(leaky)).toEqual({ pages: ['Deploy runbook', `Step 2: export the key\naws_access_key_id = ${KEY_ID}\nthen deploy`] });
    expect(pdfTexts(plainLeaky)).toEqual({ pages: [`key ${KEY_ID}`] });
  });
  it.each([
    ['a damaged file', damaged],
    ['not a PDF at all', Buffer.from('just text')],
    ['nothing', Buffer.alloc(0)],
  ])('%s: unread, with the reason', (_case, bytes) => expect(pdfTexts(bytes)).toEqual({ unread: expect.any(String) }));
});

describe('judgePdf', () => {
  const judge = (bytes: Buffer) => judgePdf('files/runbook.pdf', '/kb/files/runbook.pdf', { bytes }, DEFAULT_SECRET_POLICY);
  it('a credential on a page: not published, a warning naming the file and page, never the value', () => {
    const verdict = judge(leaky);
    expect(verdict.publish).toBe(false);
    expect(verdict.issues).toEqual([
      {
        severity: 'warning',
        code: 'secret',
        file: 'files/runbook.pdf',
        message: expect.stringMatching(
          /^holds what looks like a credential \(aws \(AWSAccessKeyID\)\) on page 2; a PDF cannot be redacted, so it is not published/,
        ),
      },
    ]);
    expect(JSON.stringify(verdict)).not.toContain(KEY_ID);
  });
  it.each([
    ['the first page', [`key ${KEY_ID}`, 'b', 'c'], ['page 1']],
    ['the last page', ['a', 'b', `key ${KEY_ID}`], ['page 3']],
    ['two pages', [`key ${KEY_ID}`, 'b', `again ${KEY_ID}`], ['page 1', 'page 3']],
  ])('a credential on %s is named by its page', (_case, pages, named) =>
    expect(judge(makePdf(pages)).issues.map((i) => /page \d+/.exec(i.message)?.[0])).toEqual(named),
  );
  it('a clean PDF: published, no warning', () => expect(judge(clean)).toEqual({ publish: true, issues: [] }));
  it.each([
    ['damaged', damaged, /could not be read to check it for credentials \(.+\); published as it is/],
    ['pages with no text (scanned)', scanned, /could not be read to check it for credentials \(its pages hold no text: scanned pages, perhaps\)/],
  ])('%s: published, with a warning', (_case, bytes, message) =>
    expect(judge(bytes)).toEqual({
      publish: true,
      issues: [{ severity: 'warning', code: 'pdf-unread', file: 'files/runbook.pdf', message: expect.stringMatching(message) }],
    }),
  );
  it('too large to read: published, with a warning, never read', () => {
    const verdict = judgePdf('big.pdf', '/kb/big.pdf', { size: 30 * 1048576 }, DEFAULT_SECRET_POLICY, () => {
      throw new Error('read');
    });
    expect(verdict).toEqual({
      publish: true,
      issues: [expect.objectContaining({ code: 'pdf-unread', message: expect.stringMatching(/30\.0 MB, over the 20 MB/) })],
    });
  });
  it('--allow-secrets: published, with a secret-allowed warning', () => {
    const verdict = judgePdf('files/runbook.pdf', '/kb/files/runbook.pdf', { bytes: leaky }, { allowAll: true, allow: [] });
    expect(verdict).toEqual({
      publish: true,
      issues: [expect.objectContaining({ code: 'secret-allowed', message: expect.stringMatching(/on page 2; published as written/) })],
    });
  });
  it('secrets.allow: published, silently', () =>
    expect(judgePdf('a.pdf', '/kb/a.pdf', { bytes: leaky }, { allowAll: false, allow: [{ literal: KEY_ID }] })).toEqual({ publish: true, issues: [] }));
});

function folder(): string {
  const kb = mkdtempSync(join(tmpdir(), 'kb-pdf-secrets-'));
  mkdirSync(join(kb, 'files'));
  writeFileSync(
    join(kb, 'deploy.md'),
    '---\ntags: [deploy]\n---\n# Deploy\n\nThe [runbook](files/runbook.pdf), the [guide](files/guide.pdf) and ![[files/old-scan.pdf]].\n',
  );
  writeFileSync(join(kb, 'files/runbook.pdf'), leaky);
  writeFileSync(join(kb, 'files/guide.pdf'), clean);
  writeFileSync(join(kb, 'files/old-scan.pdf'), damaged);
  writeFileSync(join(kb, 'files/unlinked.pdf'), leaky); // linked by no note: never read, never published
  return kb;
}

describe('the build', () => {
  it('publishes the clean PDF byte for byte and the unreadable one, leaves out the one with a key', async () => {
    const kb = folder();
    const site = await prepareFixture(kb);
    expect(site.attachments.map((a) => a.path)).toEqual(['files/guide.pdf', 'files/old-scan.pdf']);
    const out = mkdtempSync(join(tmpdir(), 'kb-pdf-out-'));
    emitNoteAssets({ attachments: site.attachments, bodies: new Map() }, out);
    expect(readFileSync(join(out, 'attachments/files/guide.pdf')).equals(clean)).toBe(true);
  });
  it('names each in the summary, never the key', async () => {
    const site = await prepareFixture(folder());
    expect(site.summary.filter((l) => /\.pdf/.test(l))).toEqual([
      expect.stringMatching(/^kb: files\/old-scan\.pdf: warning: could not be read to check it for credentials/),
      expect.stringMatching(/^kb: files\/runbook\.pdf: warning: holds what looks like a credential \(aws \(AWSAccessKeyID\)\) on page 2/),
    ]);
    for (const l of site.summary) expect(l).not.toContain(KEY_ID);
  });
  it('--strict stops on the PDF that could not be read', async () => {
    const kb = folder();
    writeFileSync(join(kb, 'files/runbook.pdf'), clean);
    await expect(prepareFixture(kb, { strict: true })).rejects.toThrow(/files\/old-scan\.pdf: warning: could not be read to check it for credentials/);
  });
});

describe('kb check and kb review report what the build would', () => {
  it('kb check: the key (file and page) and the unread PDF, exit 1', async () => {
    const kb = folder();
    const io = captureIo(kb, { KB_NO_CACHE: '1' });
    expect(await main(['check', '--kb', kb, '--json'], io)).toBe(1);
    const report = JSON.parse(io.stdout.join('\n')) as { issues: { file: string; code: string; message: string }[] };
    expect(report.issues.filter((i) => i.file.endsWith('.pdf')).map((i) => [i.file, i.code, /page \d+/.exec(i.message)?.[0] ?? null])).toEqual([
      ['files/old-scan.pdf', 'pdf-unread', null],
      ['files/runbook.pdf', 'secret', 'page 2'],
    ]);
    expect(io.stdout.join('\n')).not.toContain(KEY_ID);
  });
  it('kb review: the PDF with a key is a credential the change adds', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'kb-pdf-review-'));
    const kb = join(repo, 'kb');
    mkdirSync(join(kb, 'files'), { recursive: true });
    writeFileSync(join(kb, 'deploy.md'), '---\ntags: [deploy]\n---\n# Deploy\n\nSteps.\n');
    const git = (args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo });
    git(['init', '-q', '-b', 'main']);
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'base']);
    writeFileSync(join(kb, 'deploy.md'), '---\ntags: [deploy]\n---\n# Deploy\n\nSteps. The [runbook](files/runbook.pdf).\n');
    writeFileSync(join(kb, 'files/runbook.pdf'), leaky);
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'head']);
    const io = captureIo(repo, { KB_NO_CACHE: '1' });
    expect(await main(['review', '--kb', 'kb', '--today', '2026-10-15', '--base', 'HEAD~1', '--json'], io)).toBe(0);
    const json = knowledgeReviewSchema.parse(JSON.parse(io.stdout.join('\n')));
    expect(json.credentials.map((c) => [c.file, c.action])).toEqual([['files/runbook.pdf', 'redacted']]);
    expect(io.stdout.join('\n')).not.toContain(KEY_ID);
  });
});
