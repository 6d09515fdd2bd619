import { extensionOf, MAP_ENTRY_LINES, TRUNCATED_LINES } from './discoveryRules.js';
import type { DigestDiscovery } from './discoverInDigest.js';
import type { RepoDigest } from './repoDigest.js';

/** A file as discovery read it (first 200 lines of a long file; first 50 of a map-mode entry point). */
export interface ReadFile {
  file: string;
  text: string;
  /** The file's full line count. */
  lines: number;
  truncated: boolean;
}

/** What the text output of one path needs. */
export interface DiscoveryView {
  discovery: DigestDiscovery;
  digest: Pick<RepoDigest, 'language' | 'frameworks' | 'structure' | 'fileCount' | 'tree' | 'readme'>;
  files: ReadFile[];
}

/** The `<details>` annotation for one path, why each file was chosen (files mode, zero signal, or map mode). */
export function renderAnnotation(view: DiscoveryView): string {
  const d = view.discovery;
  if (d.mode === 'map') return renderMapAnnotation(view);
  const out = ['<details>', `<summary>Context loaded from ${d.alias} (${d.path}) — ${d.selected.length} files</summary>`, ''];
  if (d.zeroSignal) {
    out.push(d.message ?? '', '', '</details>');
    return out.join('\n');
  }
  for (const s of d.selected) out.push(`- \`${s.file}\` — ${s.reason}`);
  if (d.omitted) out.push(`- (${d.omitted} candidates omitted)`);
  const read = d.selected.reduce((n, s) => n + (s.truncated ? TRUNCATED_LINES : s.lines), 0);
  const truncated = d.selected.filter((s) => s.truncated).length;
  out.push('', `Total: ${d.selected.length} files read, ~${read} lines.${truncated ? ` Note: ${truncated} files truncated at ${TRUNCATED_LINES} lines.` : ''}`);
  out.push('', '</details>');
  return out.join('\n');
}

function renderMapAnnotation(view: DiscoveryView): string {
  const { discovery: d, digest } = view;
  const type = [digest.language ?? 'unknown language', digest.frameworks.join(', ') || 'no framework detected'].join(' / ');
  const entries = view.files.filter((f) => d.selected.some((s) => s.file === f.file && s.reason.startsWith('entry point')));
  const out = [
    '<details>',
    `<summary>Context loaded from ${d.alias} — Project map mode (${digest.fileCount} files detected)</summary>`,
    '',
    `Project map mode active (${digest.fileCount} files detected). Individual file discovery skipped.`,
    '',
    `## Project Map: ${d.alias}`,
    '',
    `**Type**: ${type}`,
    `**Structure**: ${digest.structure}`,
    `**Size**: ~${digest.fileCount} files`,
    '',
    '### Directory Structure',
    '',
    fenced((digest.tree ?? []).join('\n'), ''),
  ];
  if (entries.length) out.push('', '### Entry Point');
  for (const f of entries) {
    const shown = f.truncated ? `first ${MAP_ENTRY_LINES} of ${f.lines} lines` : `${f.lines} line${f.lines === 1 ? '' : 's'}`;
    out.push('', `\`${f.file}\` — ${shown}`, '', fenced(f.text, langOf(f.file)));
  }
  if (digest.readme !== undefined) out.push('', '### README Excerpt', '', digest.readme);
  out.push('', '---', '*This is a project map (500+ files). For targeted file access, ask about specific files or areas.*', '', '</details>');
  return out.join('\n');
}

/** Annotation, then each read file (files mode), for every path; messages follow their path. */
export function renderDiscovery(views: readonly DiscoveryView[]): string {
  const blocks: string[] = [];
  for (const view of views) {
    blocks.push(renderAnnotation(view));
    if (view.discovery.mode === 'files') {
      for (const f of view.files) {
        const note = f.truncated ? `\n\n(truncated — ${f.lines} lines)` : '';
        blocks.push(`### \`${f.file}\` (${view.discovery.alias})\n\n${fenced(f.text, langOf(f.file))}${note}`);
      }
    }
    if (view.discovery.message && !view.discovery.zeroSignal) blocks.push(view.discovery.message);
  }
  return `${blocks.join('\n\n')}\n`;
}

const LANG: Record<string, string> = {
  py: 'python',
  ts: 'ts',
  tsx: 'tsx',
  js: 'js',
  jsx: 'jsx',
  mjs: 'js',
  go: 'go',
  rs: 'rust',
  java: 'java',
  cs: 'csharp',
  md: 'markdown',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  sh: 'sh',
};

function langOf(file: string): string {
  return LANG[extensionOf(file)] ?? '';
}

/** A code fence longer than any backtick run inside the text. */
function fenced(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text.replace(/\n$/, '')}\n${fence}`;
}
