import { indexKnowledgeFolder } from '../../node/indexKnowledgeFolder.js';
import { checkKnowledge, type CheckReport } from '../../core/check/checkKnowledge.js';
import { formatIssue } from '../../core/util/issue.js';
import { brokenLinkIssue } from '../../core/links/findBrokenLinks.js';
import { folderLinkCheck } from '../../node/site/siteLinks.js';
import { CACHE_FLAG, allowSecretsFrom, indexCacheFrom, kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, type Io } from '../io.js';

const USAGE = 'Usage: kb check [--kb DIR] [--json] [--allow-secrets] [--no-cache]';

/** `kb check`: lint without writing. Exit 1 when a problem is found (suggestions alone are not problems). */
export function run(argv: string[], io: Io): number {
  const { values } = parseFlags(argv, { kb: { type: 'string' }, json: { type: 'boolean' }, 'allow-secrets': { type: 'boolean' }, ...CACHE_FLAG }, USAGE, false);
  const kbDir = kbDirFrom(values.kb, io);
  const result = indexKnowledgeFolder(kbDir, {
    allowSecrets: allowSecretsFrom(values['allow-secrets'], io),
    cacheDir: indexCacheFrom(values['no-cache'], kbDir, io),
  });
  const report = checkKnowledge(result.index, result.issues, folderLinkCheck(result));
  if (values.json) io.out(JSON.stringify(report, null, 2));
  else io.out(renderCheck(report));
  const problems = report.issues.length + report.untagged.length + report.similar.length + report.brokenLinks.length;
  return problems ? EXIT.problems : EXIT.ok;
}

export function renderCheck(r: CheckReport): string {
  const out: string[] = [];
  const section = (title: string, lines: string[]) => {
    if (lines.length) out.push(`## ${title} (${lines.length})`, ...lines, '');
  };
  section('Problems', r.issues.map(formatIssue));
  if (r.brokenLinks.length)
    out.push(`## Broken links (${r.brokenLinks.length} of ${r.linksChecked} links)`, ...r.brokenLinks.map((b) => formatIssue(brokenLinkIssue(b))), '');
  section(
    'Untagged notes',
    r.untagged.map((p) => `- ${p}: add \`tags:\` to its frontmatter`),
  );
  section(
    'Similar tags',
    r.similar.map((s) => `- ${s.tags.join(' / ')} (${s.reason}): use \`${s.target}\``),
  );
  section(
    'Promote to Known Tags',
    r.promote.map((p) => `- ${p.tag} (${p.count} notes)`),
  );
  section(
    'Skipped ephemeral stamps',
    r.skippedStamps.map((p) => `- ${p.tag} (${p.count} notes)`),
  );
  if (!out.length) return 'No problems found.';
  return out.join('\n').trimEnd();
}
