import { buildIndex, type IndexResult } from '../core/index/buildIndex.js';
import type { ReportEntry } from '../core/index/kbIndexSchema.js';
import { formatIssue } from '../core/util/issue.js';
import { readKnowledgeFolder, type FolderReading } from './readKnowledgeFolder.js';

export interface IndexedFolder extends IndexResult {
  reading: FolderReading;
  /** Every file seen and its outcome; notes with warnings are `warned`. */
  report: ReportEntry[];
  counts: IndexCounts;
}

export interface IndexCounts {
  filesSeen: number;
  indexed: number;
  warned: number;
  ideas: number;
  unpublished: number;
  excluded: number;
  excludedByRule: Record<string, number>;
}

/** Read, parse, validate and index a knowledge folder: the pipeline every face (CLI, site) runs. */
export function indexKnowledgeFolder(kbDir: string): IndexedFolder {
  const reading = readKnowledgeFolder(kbDir);
  const result = buildIndex(reading.input);
  const byFile = new Map<string, string[]>();
  for (const i of result.issues) byFile.set(i.file, [...(byFile.get(i.file) ?? []), formatIssue(i)]);
  const report: ReportEntry[] = reading.report.map((e) => (byFile.has(e.path) ? { ...e, messages: [...(e.messages ?? []), ...byFile.get(e.path)!] } : e));
  for (const note of result.index.notes) {
    const messages = byFile.get(note.path);
    report.push(messages ? { path: note.path, outcome: 'warned', messages } : { path: note.path, outcome: 'indexed' });
  }
  report.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const counts: IndexCounts = { filesSeen: report.length, indexed: 0, warned: 0, ideas: 0, unpublished: 0, excluded: 0, excludedByRule: {} };
  for (const e of report) {
    if (e.outcome === 'indexed') counts.indexed++;
    else if (e.outcome === 'warned') counts.warned++;
    else if (e.outcome === 'idea') counts.ideas++;
    else if (e.outcome === 'unpublished') counts.unpublished++;
    else {
      counts.excluded++;
      const rule = e.rule ?? 'other';
      counts.excludedByRule[rule] = (counts.excludedByRule[rule] ?? 0) + 1;
    }
  }
  return { ...result, reading, report, counts };
}
