// Shared by the foundation and hardening tests: fixture paths, temporary copies, a capturing Io.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { noteEntrySchema, type NoteEntry } from '../../src/core/index/kbIndexSchema.js';
import type { IndexedFolder } from '../../src/node/indexKnowledgeFolder.js';

export const FIXTURES = join(import.meta.dirname, '../fixtures');
export const CORPORA = join(import.meta.dirname, '../../../shared/corpora');
export const CONTENT = join(import.meta.dirname, '../../content');

export const fixture = (name: string) => join(FIXTURES, name);

/** A note as the index holds it (through the index's own schema): an active cross-project note titled after its slug. */
export function indexedNote(path: string, fields: Partial<NoteEntry> = {}): NoteEntry {
  const slug = fields.slug ?? path.replace(/\.mdx?$/, '');
  return noteEntrySchema.parse({
    path,
    slug,
    title: `Title of ${slug}`,
    description: '',
    tags: [],
    hints: [],
    status: 'active',
    tier: 'cross-project',
    mtime: '2026-10-01',
    tokens: 10,
    bodyLine: 1,
    headings: [],
    wikilinks: [],
    warnings: [],
    format: 'md',
    lang: 'en',
    ...fields,
  });
}

/** Astro projects among the fixtures (a site that mounts the portal), not knowledge folders. */
const NOT_KNOWLEDGE = new Set(['host-site']);

/** Every knowledge folder under tests/fixtures (hostile-xss included). */
export function fixtureFolders(): string[] {
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !NOT_KNOWLEDGE.has(d.name))
    .map((d) => d.name)
    .sort();
}

/** A fresh temporary folder, removed after the file's tests. */
export function tempDir(prefix = 'kb-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A temporary copy of a fixture, for tests that add files git cannot hold or set mtimes. */
export function copyFixture(name: string): string {
  const dir = join(tempDir(), name);
  cpSync(fixture(name), dir, { recursive: true });
  return dir;
}

/** An Io that records what a command prints. */
export function captureIo(cwd: string, env: Record<string, string | undefined> = {}): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  // No index cache unless a test asks for one (KB_NO_CACHE: undefined): test runs must not leave cache folders behind.
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), env: { KB_NO_CACHE: '1', ...env }, cwd };
}

/** The accounting rule of issue 7: every file seen has exactly one outcome, and the counts add up. */
export function accountingOf(result: IndexedFolder) {
  const c = result.counts;
  const paths = result.report.map((e) => e.path);
  return {
    sum: c.indexed + c.warned + c.ideas + c.unpublished + c.excluded,
    filesSeen: c.filesSeen,
    duplicates: paths.filter((p, i) => paths.indexOf(p) !== i),
    notesInReport: result.index.notes.every((n) => result.report.some((e) => e.path === n.path && (e.outcome === 'indexed' || e.outcome === 'warned'))),
  };
}
