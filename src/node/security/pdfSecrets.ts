// Whether a PDF attachment may be published: each page's text (pdfTexts.ts) read for credentials as a note's are.
// A PDF cannot be redacted, so one holding a credential the policy redacts is left out, like an archive, with a
// warning naming the file and page. One whose text cannot be read (damaged, encrypted, too large, or scanned pages
// with no text) is published as it is, with a warning, which `--strict` stops the build on.
import type { KbIssue } from '../../core/util/issue.js';
import { firstAbove } from '../../core/util/firstAbove.js';
import { MAX_FILE_BYTES } from '../readSourceFile.js';
import { pdfTexts, type PdfText } from './pdfTexts.js';
import { judgeSecret, type SecretPolicy } from './redactSecrets.js';
import { scanSecrets } from './scanSecrets.js';

/** The verdict on one PDF: published or not, and the warnings that say why (never the credential). */
export interface PdfVerdict {
  publish: boolean;
  issues: KbIssue[];
}

/**
 * The verdict on the PDF `path` (in the folder) whose bytes are `bytes`, or `size` bytes when too large to read.
 * `read` reads its text (default pdfTexts; tests pass their own).
 */
export function judgePdf(
  path: string,
  source: string,
  file: { bytes: Uint8Array } | { size: number },
  policy: SecretPolicy,
  read: (bytes: Uint8Array) => PdfText = pdfTexts,
): PdfVerdict {
  const issues: KbIssue[] = [];
  const unread = (why: string): PdfVerdict => {
    issues.push({
      severity: 'warning',
      code: 'pdf-unread',
      file: path,
      message: `could not be read to check it for credentials (${why}); published as it is. Check it by hand, or export it again with its text.`,
    });
    return { publish: true, issues };
  };
  if (!('bytes' in file)) return unread(`${(file.size / 1048576).toFixed(1)} MB, over the ${MAX_FILE_BYTES / 1048576} MB up to which a PDF is read`);
  const text = read(file.bytes);
  if ('unread' in text) return unread(text.unread);
  if (!text.pages.some((page) => page.trim() !== '')) return unread('its pages hold no text: scanned pages, perhaps');
  // One scan of the whole text (the pages joined, a blank line and a form feed between them), each finding
  // placed on its page: one pass of the scanner however many pages there are.
  const starts: number[] = [];
  let all = '';
  for (const page of text.pages) {
    starts.push(all.length);
    all += `${page}\n\n\f\n`;
  }
  let publish = true;
  const seen = new Set<string>();
  for (const f of scanSecrets(all, `${source}.txt`)) {
    const action = judgeSecret(all, f, policy).action;
    const page = firstAbove(starts, f.start);
    if ((action !== 'redact' && action !== 'allowed') || seen.has(`${page}\0${f.kind}`)) continue;
    seen.add(`${page}\0${f.kind}`);
    if (action === 'redact') {
      publish = false;
      issues.push({
        severity: 'warning',
        code: 'secret',
        file: path,
        message: `holds what looks like a credential (${f.kind}) on page ${page}; a PDF cannot be redacted, so it is not published. Take it out of the file (and rotate it if it is real: it is in the history). A link to it leads nowhere until it is fixed.`,
      });
    } else
      issues.push({
        severity: 'warning',
        code: 'secret-allowed',
        file: path,
        message: `holds what looks like a credential (${f.kind}) on page ${page}; published as written because secrets are allowed.`,
      });
  }
  return { publish, issues };
}
