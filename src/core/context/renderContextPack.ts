/** A pack's content before it becomes Markdown: each section's lines, in the order. */
export interface PackModel {
  task: string;
  summary: string[];
  repoContext: string[];
  /** Included buckets, then Other Notes (when any), then Pitfalls. Entries are rendered notes. */
  sections: { title: string; full: string[]; brief: string[]; empty: string }[];
  files: string[];
  openQuestions: string[];
}

/** Task → Context Summary → Repo/Project Context → buckets → Pitfalls → Files to Inspect → Open Questions. */
export function renderContextPack(m: PackModel): string {
  const out = ['# Context pack', '## Task', m.task, '## Context Summary', m.summary.join('\n'), '## Repo/Project Context', m.repoContext.join('\n')];
  for (const s of m.sections) {
    out.push(`## ${s.title}`);
    if (s.full.length === 0 && s.brief.length === 0) out.push(s.empty);
    out.push(...s.full);
    if (s.brief.length > 0) out.push(s.brief.join('\n'));
  }
  out.push('## Files to Inspect', m.files.join('\n'), '## Open Questions', m.openQuestions.length ? m.openQuestions.map((q) => `- ${q}`).join('\n') : 'None.');
  return `${out.join('\n\n')}\n`;
}
