import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Limits of the hosts CI publishes to (the smallest that applies): GitHub/GitLab Pages 1 GB, Cloudflare Pages' free plan 20,000 files. */
export const HOST_LIMITS = { bytes: 1_000_000_000, files: 20_000 } as const;

export interface OutputSize {
  files: number;
  bytes: number;
  notes: number;
}

/** Every file under `dir`: how many and how many bytes. */
export function measureOutput(dir: string, notes: number): OutputSize {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes, notes };
}

/** The notes whose render hit the deadline (renderNotes.ts), published as their Markdown in plain text. */
export interface RenderTimeouts {
  paths: readonly string[];
  /** `.mdx` notes still compiling at the deadline (checkMdx.ts), rendered as Markdown instead. */
  mdx?: readonly string[] | undefined;
  deadlineMs: number;
  /** Notes whose page failed to render (or ran out of time) and were published with their text, and why. */
  failed?: readonly { path: string; reason: string }[] | undefined;
  /** Pages that could not be rendered at all, written as a plain page saying so, and why. */
  pages?: readonly { path: string; reason: string }[] | undefined;
}

/**
 * The build summary's lines about the output: size and files (per note), what an option turned off; warnings past
 * a host's limit and naming the notes published as text because they hit the render deadline.
 */
export function outputSummary(size: OutputSize, turnedOff: readonly string[], timeouts?: RenderTimeouts): { info: string[]; warn: string[] } {
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const perNote = size.notes ? ` (${(size.files / size.notes).toFixed(2)} files and ${(size.bytes / size.notes / 1000).toFixed(1)} kB per note)` : '';
  const info = [`kb: output ${mb(size.bytes)} in ${size.files} files${perNote}`, ...turnedOff.map((t) => `kb: turned off: ${t}`)];
  const warn: string[] = [];
  if (size.bytes > HOST_LIMITS.bytes)
    warn.push(`kb: the output is ${mb(size.bytes)}, over the 1 GB GitHub Pages and GitLab Pages publish; see docs/publishing.md for what to turn off`);
  if (size.files > HOST_LIMITS.files)
    warn.push(
      `kb: the output has ${size.files} files, over the 20,000 Cloudflare Pages' free plan takes; kb.config.yaml \`site.rawMarkdown: false\` saves one file per note`,
    );
  if (timeouts?.paths.length) {
    const n = timeouts.paths.length;
    warn.push(
      `kb: ${n} note${n === 1 ? '' : 's'} hit the render deadline (${timeouts.deadlineMs / 1000} s) and ${n === 1 ? 'is' : 'are'} published as text: ${timeouts.paths.join(', ')}`,
    );
  }
  for (const f of timeouts?.failed ?? []) warn.push(`kb: ${f.path}: its page could not be rendered (${f.reason}); published with the note as text`);
  for (const f of timeouts?.pages ?? []) warn.push(`kb: ${f.path}: the page could not be rendered (${f.reason}); a plain page says so in its place`);
  if (timeouts?.mdx?.length) {
    const n = timeouts.mdx.length;
    warn.push(
      `kb: ${n} MDX note${n === 1 ? '' : 's'} hit the render deadline (${timeouts.deadlineMs / 1000} s) while compiling and ${n === 1 ? 'is' : 'are'} rendered as Markdown: ${timeouts.mdx.join(', ')}`,
    );
  }
  return { info, warn };
}
