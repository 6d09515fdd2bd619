import { resolve } from 'node:path';
import { indexKnowledgeFolder, type IndexCounts } from '../../node/indexKnowledgeFolder.js';
import { writeIndexOutputs } from '../../node/writeIndexOutputs.js';
import type { ReportEntry } from '../../core/index/kbIndexSchema.js';
import { compareStrings } from '../../core/util/compare.js';
import { formatIssue } from '../../core/util/issue.js';
import { CACHE_FLAG, allowSecretsFrom, indexCacheFrom, kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, type Io } from '../io.js';

const USAGE = 'Usage: kb index [--kb DIR] [--out DIR] [--json] [--strict] [--allow-secrets] [--no-cache]';

/** `kb index`: write the index outputs and print what happened to every file. */
export function run(argv: string[], io: Io): number {
  const { values } = parseFlags(
    argv,
    {
      kb: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      strict: { type: 'boolean' },
      'allow-secrets': { type: 'boolean' },
      ...CACHE_FLAG,
    },
    USAGE,
    false,
  );
  const kbDir = kbDirFrom(values.kb, io);
  const result = indexKnowledgeFolder(kbDir, {
    allowSecrets: allowSecretsFrom(values['allow-secrets'], io),
    cacheDir: indexCacheFrom(values['no-cache'], kbDir, io),
  });
  const errors = result.issues.filter((i) => i.severity === 'error');
  const outDir = resolve(io.cwd, values.out ?? 'kb-out');
  const written = errors.length ? [] : writeIndexOutputs(outDir, result.index);
  if (values.json) {
    io.out(JSON.stringify({ counts: result.counts, issues: result.issues, files: result.report, written }, null, 2));
  } else {
    for (const issue of result.issues) io.err(formatIssue(issue));
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

/** The files kept out of the published outputs on purpose (drafts, private, secrets): listed by name, never silently. */
export function formatUnpublished(report: readonly ReportEntry[]): string {
  const held = report.filter((e) => e.outcome === 'unpublished' || e.rule === 'secret');
  return held.length ? ['Not published:', ...held.map((e) => `- ${e.path} (${e.rule ?? e.outcome})`)].join('\n') : '';
}
