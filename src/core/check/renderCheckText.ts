import { brokenLinkIssue } from '../links/findBrokenLinks.js';
import { formatIssue, type KbIssue } from '../util/issue.js';
import type { CheckReport } from './checkKnowledge.js';

/** Items a section lists before "… and N more (use --all)": a big folder's check stays readable. */
export const CHECK_SECTION_LIMIT = 20;

export interface CheckTextOptions {
  /** Notes checked, for the summary line. */
  noteCount: number;
  /** List every item (`--all`). Default: at most CHECK_SECTION_LIMIT per section. */
  all?: boolean;
  /** Credentials left as written (`--verbose`), listed in their own section. Default: not listed. */
  notices?: readonly KbIssue[];
}

/** `kb check`'s text: a summary line, then each non-empty section with its count, cut at the limit unless `all`. */
export function renderCheckText(r: CheckReport, options: CheckTextOptions): string {
  const out: string[] = [summaryLine(r, options.noteCount)];
  const section = (title: string, lines: string[], heading = `## ${title} (${lines.length})`) => {
    if (!lines.length) return;
    const shown = options.all ? lines : lines.slice(0, CHECK_SECTION_LIMIT);
    out.push('', heading, ...shown);
    if (shown.length < lines.length) out.push(`… and ${lines.length - shown.length} more (use --all)`);
  };
  section('Problems', r.issues.map(formatIssue));
  section(
    'Broken links',
    r.brokenLinks.map((b) => formatIssue(brokenLinkIssue(b))),
    `## Broken links (${r.brokenLinks.length} of ${r.linksChecked} links)`,
  );
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
  section(
    'Left as written',
    (options.notices ?? []).map((n) => `${n.line ? `${n.file}:${n.line}` : n.file}: ${n.message}`),
  );
  return out.join('\n');
}

/** `Checked 249 notes: 3 problems, 249 untagged notes, 1 similar tag pair, 2 tags to promote.` */
function summaryLine(r: CheckReport, noteCount: number): string {
  const parts = [
    count(r.issues.length, 'problem'),
    count(r.brokenLinks.length, 'broken link'),
    count(r.untagged.length, 'untagged note'),
    count(r.similar.length, 'similar tag pair'),
    count(r.promote.length, 'tag to promote', 'tags to promote'),
  ].filter((p) => p !== '');
  return `Checked ${noteCount === 1 ? '1 note' : `${noteCount} notes`}: ${parts.length ? parts.join(', ') : 'no problems found'}.`;
}

function count(n: number, one: string, many = `${one}s`): string {
  return n === 0 ? '' : `${n} ${n === 1 ? one : many}`;
}
