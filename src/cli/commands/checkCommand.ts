import { checkKnowledge, type CheckReport } from '../../core/check/checkKnowledge.js';
import { queryBlockIssues } from '../../core/query/queryBlock.js';
import { renderCheckText } from '../../core/check/renderCheckText.js';
import { noteLinkScan } from '../../node/site/noteLinkScan.js';
import { publishedFileIssues } from '../../node/site/publishedFileIssues.js';
import { folderLinkCheck, siteLinks } from '../../node/site/siteLinks.js';
import { checkOptions } from '../../core/check/checkOptions.js';
import { flagHelp, flagOf, flagsOf, optionalUsage, withHelp } from '../../core/options/flagFace.js';
import { cliOptions, readCommandFlags } from '../flags.js';
import { indexAskedFolder } from '../indexAskedFolder.js';
import { EXIT, type Io } from '../io.js';

/** The CLI's own flags around the check's (checkOptions.ts): `--all`, then `--json`, then the others. */
const FLAGS = [
  flagOf(cliOptions, 'kb'),
  flagOf(checkOptions, 'all'),
  withHelp(flagOf(cliOptions, 'json'), 'the whole report as JSON (every item)'),
  ...flagsOf(checkOptions, ['all']),
  flagOf(cliOptions, 'allowSecrets'),
  flagOf(cliOptions, 'noCache'),
];

export const HELP = `Usage: kb check ${optionalUsage(FLAGS)}

Lint a knowledge folder without writing: file problems with file:line (YAML, credentials redacted in notes,
canvases, bases and the files notes link, unreadable files, pipes), untagged notes, alias chains and collisions, similar tags, tags to promote.
A summary line comes first; each section lists at most 20 items.

${flagHelp(FLAGS)}

Exit: 0 no problems, 1 problems found or no notes in the folder, 2 usage error or no such folder.`;

/** `kb check`: lint without writing. Exit 1 when a problem is found (suggestions alone are not problems). */
export function run(argv: string[], io: Io): number {
  const { options } = readCommandFlags('check', argv, FLAGS, checkOptions, false);
  const result = indexAskedFolder(options, io, { links: true });
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
  if (options.json) io.out(JSON.stringify(options.verbose ? { ...report, notices: result.reading.notices } : report, null, 2));
  else
    io.out(
      renderCheckText(report, {
        noteCount: result.index.notes.length,
        all: options.all,
        ...(options.verbose ? { notices: result.reading.notices } : {}),
      }),
    );
  return hasProblems(report) ? EXIT.problems : EXIT.ok;
}

function hasProblems(report: CheckReport): boolean {
  return report.issues.length + report.untagged.length + report.similar.length + report.brokenLinks.length > 0;
}
