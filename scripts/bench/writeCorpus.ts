// Write a generated corpus to disk, or reuse the one already there when it was made by the same
// generator version with the same options (a manifest `<dir>.json` beside the folder says so).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { corpusFiles, GENERATOR_VERSION, planCorpus, type CorpusOptions } from './generateCorpus.ts';

export interface CorpusSummary {
  dir: string;
  notes: number;
  ideas: number;
  /** Every file written (notes, ideas, config, excluded files). */
  files: number;
  bytes: number;
  /** Characters per note file. */
  medianChars: number;
  p99Chars: number;
  maxChars: number;
  tags: number;
  aliases: number;
  projects: number;
  sharedProjects: number;
  /** Note paths, for picking the note a warm rebuild edits. */
  samplePath: string;
  generatedMs: number;
  reused: boolean;
}

export function writeCorpus(dir: string, options: CorpusOptions): CorpusSummary {
  const manifest = `${dir}.json`;
  if (existsSync(manifest) && existsSync(dir)) {
    const old = JSON.parse(readFileSync(manifest, 'utf8')) as { version: number; options: CorpusOptions; summary: CorpusSummary };
    if (old.version === GENERATOR_VERSION && old.options.notes === options.notes && old.options.seed === options.seed) return { ...old.summary, reused: true };
  }
  const started = performance.now();
  rmSync(dir, { recursive: true, force: true });
  rmSync(manifest, { force: true });
  const plan = planCorpus(options);
  const noteSet = new Set(plan.notes.map((n) => n.path));
  const lengths: number[] = [];
  let files = 0;
  let bytes = 0;
  const made = new Set<string>();
  for (const file of corpusFiles(plan)) {
    const abs = join(dir, file.path);
    const parent = dirname(abs);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    writeFileSync(abs, file.text);
    files++;
    bytes += Buffer.byteLength(file.text);
    if (noteSet.has(file.path)) lengths.push(file.text.length);
  }
  lengths.sort((a, b) => a - b);
  const summary: CorpusSummary = {
    dir,
    notes: plan.notes.length,
    ideas: plan.ideas.length,
    files,
    bytes,
    medianChars: lengths[Math.floor(lengths.length / 2)] ?? 0,
    p99Chars: lengths[Math.floor(lengths.length * 0.99)] ?? 0,
    maxChars: lengths[lengths.length - 1] ?? 0,
    tags: plan.tags.length,
    aliases: plan.aliases.length,
    projects: plan.projects.length,
    sharedProjects: plan.projects.filter((p) => p.shared).length,
    samplePath: plan.notes[Math.floor(plan.notes.length / 2)]!.path,
    generatedMs: Math.round(performance.now() - started),
    reused: false,
  };
  writeFileSync(manifest, JSON.stringify({ version: GENERATOR_VERSION, options, summary }, null, 2) + '\n');
  return summary;
}
