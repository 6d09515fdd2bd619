import { resolve } from 'node:path';
import type { IndexCounts } from '../../node/indexKnowledgeFolder.js';
import { writeIndexOutputs } from '../../node/writeIndexOutputs.js';
import type { ReportEntry } from '../../core/index/kbIndexSchema.js';
import { compareStrings } from '../../core/util/compare.js';
import { formatIssue } from '../../core/util/issue.js';
import { z } from 'zod';
import { defineOptions } from '../../core/options/defineOptions.js';
import { flagHelp, flagOf, flagsOf, optionalUsage, withHelp } from '../../core/options/flagFace.js';
import { CLI_ONLY, cliOptions, readCommandFlags } from '../flags.js';
import { indexAskedFolder } from '../indexAskedFolder.js';
import { EXIT, type Io } from '../io.js';

/** `kb index`'s own flags. */
const indexCli = defineOptions({
  /** Where the outputs are written. Default: kb-out/ under the working directory. */
  out: { schema: z.string().optional(), kind: 'text', flag: { value: 'DIR', help: 'where to write (default: kb-out/)' }, tool: CLI_ONLY, form: CLI_ONLY },
  /** Exit 1 on warnings too. Default: false (only errors fail). */
  strict: { schema: z.boolean().default(false), kind: 'switch', flag: { help: 'exit 1 on warnings too' }, tool: CLI_ONLY, form: CLI_ONLY },
  /** Also name the credentials left as written. Default: false. */
  verbose: {
    schema: z.boolean().default(false),
    kind: 'switch',
    flag: { help: 'also name credentials left as written (placeholders, secrets.allow)' },
    tool: CLI_ONLY,
    form: CLI_ONLY,
  },
});

const FLAGS = [
  flagOf(cliOptions, 'kb'),
  flagOf(indexCli, 'out'),
  withHelp(flagOf(cliOptions, 'json'), "counts, warnings and every file's outcome as JSON"),
  ...flagsOf(indexCli, ['out']),
  flagOf(cliOptions, 'allowSecrets'),
  flagOf(cliOptions, 'noCache'),
];

export const HELP = `Usage: kb index ${optionalUsage(FLAGS)}

Index a knowledge folder and write kb-index.json, index.md, kb-tags.txt and kb-categories.txt.
Prints the counts (files seen, notes indexed, ideas, unpublished, excluded by rule) on stdout and each
warning (file:line and why) on stderr. Credentials are redacted from every output, each with a warning.

${flagHelp(FLAGS)}

Exit: 0 written, 1 errors (nothing written), no notes, or warnings with --strict; 2 usage error or no such folder.`;

/** `kb index`: write the index outputs and print what happened to every file. */
export function run(argv: string[], io: Io): number {
  const { options: values } = readCommandFlags('index', argv, FLAGS, indexCli, false);
  const result = indexAskedFolder(values, io);
  const errors = result.issues.filter((i) => i.severity === 'error');
  const outDir = resolve(io.cwd, values.out ?? 'kb-out');
  const written = errors.length ? [] : writeIndexOutputs(outDir, result.index);
  if (values.json) {
    const notices = values.verbose ? { notices: result.reading.notices } : {};
    io.out(JSON.stringify({ counts: result.counts, issues: result.issues, ...notices, files: result.report, written }, null, 2));
  } else {
    for (const issue of result.issues) io.err(formatIssue(issue));
    if (values.verbose) for (const n of result.reading.notices) io.err(`${n.line ? `${n.file}:${n.line}` : n.file}: note: ${n.message}`);
    io.out(formatCounts(result.counts));
    const unpublished = formatUnpublished(result.report);
    if (unpublished) io.out(unpublished);
    if (written.length) io.out(`Wrote ${written.join(', ')} to ${outDir}`);
    else io.err('Index not written: fix the errors above first.');
  }
  if (errors.length) return EXIT.problems;
  return values.strict && result.issues.length ? EXIT.problems : EXIT.ok;
}

export function formatCounts(c: IndexCounts): string {
  const rules = Object.entries(c.excludedByRule)
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  return [
    `Files seen: ${c.filesSeen}`,
    `Notes indexed: ${c.indexed + c.warned} (${c.warned} with warnings)`,
    `Ideas: ${c.ideas}`,
    `Unpublished (draft/private): ${c.unpublished}`,
    `Excluded: ${c.excluded}${rules ? ` (${rules})` : ''}`,
  ].join('\n');
}

/** The files kept out of the published outputs on purpose (drafts, private): listed by name, never silently. */
export function formatUnpublished(report: readonly ReportEntry[]): string {
  const held = report.filter((e) => e.outcome === 'unpublished');
  return held.length ? ['Not published:', ...held.map((e) => `- ${e.path} (${e.rule ?? e.outcome})`)].join('\n') : '';
}
