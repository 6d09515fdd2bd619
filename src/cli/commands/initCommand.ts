import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { PACKAGE_ROOT } from '../../node/packageRoot.js';
import { kbConfigTemplate, welcomeNote } from '../init/kbConfigTemplate.js';
import { kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';

export const HELP = `Usage: kb init [--kb DIR] [--ci github|gitlab] [--force]

Start a knowledge portal: write a commented kb.config.yaml into the knowledge folder (creating the folder, and
a first note when it holds none), and with --ci the CI job that publishes it on every push.

  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --ci github       also write .github/workflows/kb-portal.yml (GitHub Pages)
  --ci gitlab       also write .gitlab-ci.yml (GitLab Pages)
  --force           replace files that exist (otherwise they are left as they are)

Exit: 0 written (or left as they were), 2 usage error.`;

/** Where each CI recipe goes, and the file of kb-portal's docs/ it is (the same recipe the docs show). */
const CI_RECIPES = {
  github: { target: '.github/workflows/kb-portal.yml', source: 'docs/github-pages.yml' },
  gitlab: { target: '.gitlab-ci.yml', source: 'docs/gitlab-pages.yml' },
} as const;

/** `kb init`: a commented kb.config.yaml (and a first note, a CI recipe) for a new knowledge portal. */
export function run(argv: string[], io: Io): number {
  const { values } = parseFlags('init', argv, { kb: { type: 'string' }, ci: { type: 'string' }, force: { type: 'boolean' } }, false);
  const ci = values.ci;
  if (ci !== undefined && !(ci in CI_RECIPES)) throw usageError('init', `--ci ${ci}: give github or gitlab`);
  const kbDir = kbDirFrom(values.kb, io);
  const shown = relative(io.cwd, kbDir) || '.';
  const kbFlag = shown === 'content' ? '' : ` --kb ${shellWord(shown)}`;
  const write = (file: string, text: string) => {
    const name = relative(io.cwd, file) || file;
    if (existsSync(file) && !values.force) {
      io.err(`kept ${name}: it exists (--force replaces it)`);
      return;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    io.out(`wrote ${name}`);
  };
  const notesBefore = existsSync(kbDir) && holdsNotes(kbDir);
  write(join(kbDir, 'kb.config.yaml'), kbConfigTemplate(titleOf(kbDir, io.cwd)));
  if (!notesBefore) write(join(kbDir, 'welcome.md'), welcomeNote(kbFlag));
  if (ci !== undefined) {
    const recipe = CI_RECIPES[ci as keyof typeof CI_RECIPES];
    const text = readFileSync(join(PACKAGE_ROOT, recipe.source), 'utf8').replaceAll('--kb content', `--kb ${shellWord(shown)}`);
    write(join(io.cwd, recipe.target), text);
  }
  io.out('');
  io.out(`Next: npx kb-portal dev${kbFlag}    (the portal at http://localhost:4321/, live as you save notes)`);
  io.out(`      npx kb-portal build${kbFlag}  (the static site in dist/; keep dist/ and .kb-build/ out of git)`);
  return EXIT.ok;
}

/** Whether a folder holds a Markdown note anywhere below it (tool folders aside). */
function holdsNotes(dir: string): boolean {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .some((f) => /\.mdx?$/i.test(f) && !/(^|[\\/])(node_modules|\.git|\.obsidian)[\\/]/.test(f));
}

/** The title a new portal starts with: its folder's name, unless that is a generic one. */
function titleOf(kbDir: string, cwd: string): string {
  const generic = /^(content|notes|docs|kb|knowledge|wiki|\.)$/i;
  const name = [basename(kbDir), basename(cwd)].find((n) => n && !generic.test(n));
  return name ? `${name.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase())} knowledge base` : 'Knowledge base';
}

/** A path as one shell word in the recipes. */
function shellWord(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
