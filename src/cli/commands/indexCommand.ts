import { resolve } from 'node:path';
import type { IndexCounts } from '../../node/indexKnowledgeFolder.js';
import { writeIndexOutputs } from '../../node/writeIndexOutputs.js';
import type { ReportEntry } from '../../core/index/kbIndexSchema.js';
import { compareStrings } from '../../core/util/compare.js';
import { formatIssue } from '../../core/util/issue.js';
import { CACHE_FLAG, parseFlags } from '../flags.js';
import { indexAskedFolder } from '../indexAskedFolder.js';
import { EXIT, type Io } from '../io.js';

export const HELP = `Usage: kb index [--kb DIR] [--out DIR] [--json] [--strict] [--verbose] [--allow-secrets] [--no-cache]

Index a knowledge folder and write kb-index.json, index.md, kb-tags.txt and kb-categories.txt.
Prints the counts (files seen, notes indexed, ideas, unpublished, excluded by rule) on stdout and each
warning (file:line and why) on stderr. Credentials are redacted from every output, each with a warning.

  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --out DIR         where to write (default: kb-out/)
  --json            counts, warnings and every file's outcome as JSON
  --strict          exit 1 on warnings too
  --verbose         also name credentials left as written (placeholders, secrets.allow)
  --allow-secrets   do not redact credentials (or KB_ALLOW_SECRETS=1)
  --no-cache        do not read or write the index cache (or KB_NO_CACHE=1)

Exit: 0 written, 1 errors (nothing written), no notes, or warnings with --strict; 2 usage error or no such folder.`;

/** `kb index`: write the index outputs and print what happened to every file. */
export function run(argv: string[], io: Io): number {
  const { values } = parseFlags(
    'index',
    argv,
    {
      kb: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      strict: { type: 'boolean' },
      verbose: { type: 'boolean' },
      'allow-secrets': { type: 'boolean' },
      ...CACHE_FLAG,
    },
    false,
  );
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
