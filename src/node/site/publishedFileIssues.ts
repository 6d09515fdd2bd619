// What the site publishes beside the notes, scanned as the build scans it: the canvases and bases in published places
// and the attachments published notes link (credentials redacted or, in an archive, the file left out). For the
// commands that do not build (`kb check`, `kb review`), so they report what `kb build` would.
import type { LinkScan } from '../../core/links/createLinkScan.js';
import type { KbIssue } from '../../core/util/issue.js';
import type { IndexedFolder } from '../indexKnowledgeFolder.js';
import { secretPolicyOf } from '../security/redactSecrets.js';
import { planAttachments } from './noteAttachments.js';
import { noteLinkScan } from './noteLinkScan.js';
import { readBoards } from './readBoards.js';
import { siteLinks, type SiteLinks } from './siteLinks.js';

/**
 * The warnings of the files published beside the notes (file and line, never a credential). `scan`: the caller's memo
 * of the notes' links (noteLinkScan), so no body is parsed for them twice.
 */
export function publishedFileIssues(result: IndexedFolder, links: SiteLinks = siteLinks(result), scan: LinkScan = noteLinkScan(result)): KbIssue[] {
  const issues = readBoards(result.reading).issues;
  planAttachments({
    kbDir: result.reading.kbDir,
    bodies: result.bodies,
    notes: result.index.notes,
    resolver: links.resolver,
    scan,
    secrets: { policy: secretPolicyOf(result.reading.secrets), issues },
  });
  return issues;
}
