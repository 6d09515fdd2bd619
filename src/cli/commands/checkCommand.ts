import { checkKnowledge, type CheckReport } from '../../core/check/checkKnowledge.js';
import { queryBlockIssues } from '../../core/query/queryBlock.js';
import { renderCheckText } from '../../core/check/renderCheckText.js';
import { noteLinkScan } from '../../node/site/noteLinkScan.js';
import { publishedFileIssues } from '../../node/site/publishedFileIssues.js';
import { folderLinkCheck, siteLinks } from '../../node/site/siteLinks.js';
import { CACHE_FLAG, parseFlags } from '../flags.js';
import { indexAskedFolder } from '../indexAskedFolder.js';
import { EXIT, type Io } from '../io.js';

export const HELP = `Usage: kb check [--kb DIR] [--all] [--json] [--verbose] [--allow-secrets] [--no-cache]

Lint a knowledge folder without writing: file problems with file:line (YAML, credentials redacted in notes,
canvases, bases and the files notes link, unreadable files, pipes), untagged notes, alias chains and collisions, similar tags, tags to promote.
A summary line comes first; each section lists at most 20 items.

  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --all             list every item of every section
  --json            the whole report as JSON (every item)
  --verbose         also list credentials left as written (placeholders, secrets.allow)
  --allow-secrets   do not redact credentials (or KB_ALLOW_SECRETS=1)
  --no-cache        do not read or write the index cache (or KB_NO_CACHE=1)

Exit: 0 no problems, 1 problems found or no notes in the folder, 2 usage error or no such folder.`;

/** `kb check`: lint without writing. Exit 1 when a problem is found (suggestions alone are not problems). */
export function run(argv: string[], io: Io): number {
  const { values } = parseFlags(
    'check',
    argv,
    {
      kb: { type: 'string' },
      json: { type: 'boolean' },
      all: { type: 'boolean' },
      verbose: { type: 'boolean' },
      'allow-secrets': { type: 'boolean' },
      ...CACHE_FLAG,
    },
    false,
  );
  const result = indexAskedFolder(values, io, { links: true });
  // Query blocks are checked for what they ask, not for what they find today: any day gives the same findings.
  const blocks = queryBlockIssues(result.index, result.bodies, '1970-01-01');
  // Canvases, bases and linked attachments are checked as the build scans them (credentials, unreadable files).
  const links = siteLinks(result);
  const scan = noteLinkScan(result); // one memo of the notes' links for both readers
  const report = checkKnowledge(
    result.index,
    [...result.issues, ...blocks, ...publishedFileIssues(result, links, scan)],
    folderLinkCheck(result, links, true, scan),
  );
  if (values.json) io.out(JSON.stringify(values.verbose ? { ...report, notices: result.reading.notices } : report, null, 2));
  else
    io.out(
      renderCheckText(report, {
        noteCount: result.index.notes.length,
        all: values.all ?? false,
        ...(values.verbose ? { notices: result.reading.notices } : {}),
      }),
    );
  return hasProblems(report) ? EXIT.problems : EXIT.ok;
}

function hasProblems(report: CheckReport): boolean {
  return report.issues.length + report.untagged.length + report.similar.length + report.brokenLinks.length > 0;
}
