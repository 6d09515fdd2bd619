import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { packRequestSchema } from '../../core/context/packTypes.js';
import { createTokenCounter } from '../../core/tokens/tokenCounter.js';
import { contextPackFor } from '../../node/context/contextPackFor.js';
import { loadPackInputsQuickly } from '../../node/context/loadPackInputsQuickly.js';
import { KnowledgeFolderError } from '../../node/knowledgeFolderError.js';
import { CACHE_FLAG, allowSecretsFrom, askedKbDir, existingKbDir, indexCacheFrom, parseFlags, todayFrom } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';

export const HELP = `Usage: kb context --task "…" | --note PATH [--repo ALIAS] [--project KEY] [--include decisions,lessons,patterns,pitfalls] [--max-tokens N] [--terms "a, b"] [--tags a,b] [--lang TAG] [--kb DIR] [--today YYYY-MM-DD] [--json] [--allow-secrets] [--no-cache]

A task-context pack: the decisions, lessons, patterns and pitfalls that matter for a task, within a
token budget, with Files to Inspect from a registered codebase.

  --task "…"        what you are about to do (required unless --note; the words after the flags work too)
  --note PATH       a page pack: this note first (whole when it fits), then the notes it links to, that
                    link to it or share its tags, ranked by its title and headings (or by --task)
  --repo ALIAS      a codebase registered in kb.config.yaml repos:, for Files to Inspect
  --project KEY     narrow to one project (and its registered codebase)
  --include LIST    buckets to show (default: decisions,lessons,patterns)
  --max-tokens N    the budget (default 6000, at most 12000)
  --terms "a, b"    the folder's own words for the task, comma-separated: notes using them rank higher
                    (they never filter; kb index writes the folder's tags to kb-tags.txt)
  --tags a,b        tags whose notes rank higher (never a filter)
  --lang TAG        the task's language, a BCP 47 tag such as de, ja or zh-CN (default: the folder's
                    site.locale): how its words are split, stemmed and which are stop words
  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --today DATE      the date ages are counted from (default: KB_TODAY, else today)
  --json            the pack as JSON
  --allow-secrets   do not redact credentials (or KB_ALLOW_SECRETS=1)
  --no-cache        do not read or write the index cache (or KB_NO_CACHE=1)

Exit: 0 pack printed, 1 no notes in the folder, 2 usage error (no task, bad flag) or no such folder.`;

/** `kb context`: print the task-context pack (Markdown, or the ContextPack with --json). */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags('context', argv, {
    task: { type: 'string' },
    note: { type: 'string' },
    repo: { type: 'string' },
    project: { type: 'string' },
    include: { type: 'string' },
    'max-tokens': { type: 'string' },
    terms: { type: 'string' },
    tags: { type: 'string' },
    lang: { type: 'string' },
    kb: { type: 'string' },
    today: { type: 'string' },
    json: { type: 'boolean' },
    'allow-secrets': { type: 'boolean' },
    ...CACHE_FLAG,
  });
  const maxTokens = values['max-tokens'];
  if (maxTokens !== undefined && !/^\d+$/.test(maxTokens))
    throw usageError('context', `--max-tokens ${maxTokens}: give a whole number of tokens, e.g. --max-tokens 4000`);
  const task = values.task ?? positionals.join(' ');
  if (task.trim() === '' && values.note === undefined)
    throw usageError(
      'context',
      'no task given: pass --task "what you are about to do", e.g. --task "fix duplicate webhook refunds", or --note PATH for a note\'s page pack',
    );
  const kbDir = existingKbDir(values.kb, io);
  const parsed = packRequestSchema.safeParse({
    task,
    ...(values.note !== undefined ? { note: notePathIn(kbDir, values.note, io) } : {}),
    ...(values.repo ? { repo: values.repo } : {}),
    ...(values.project ? { project: values.project } : {}),
    ...(values.include
      ? {
          include: values.include
            .split(',')
            .map((b) => b.trim())
            .filter(Boolean),
        }
      : {}),
    ...(maxTokens !== undefined ? { maxTokens: Number(maxTokens) } : {}),
    ...(values.terms !== undefined ? { terms: listOf(values.terms) } : {}),
    ...(values.tags !== undefined ? { tags: listOf(values.tags) } : {}),
    ...(values.lang !== undefined ? { lang: values.lang } : {}),
    today: todayFrom(values.today, io, 'context'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag =
      { task: '--task', note: '--note', include: '--include', maxTokens: '--max-tokens', terms: '--terms', tags: '--tags', lang: '--lang' }[
        String(issue.path[0])
      ] ?? String(issue.path[0] ?? '');
    throw usageError('context', `${flag} ${issue.message}`.trim());
  }
  const inputs = await loadPackInputsQuickly(kbDir, {
    allowSecrets: allowSecretsFrom(values['allow-secrets'], io),
    cacheDir: indexCacheFrom(values['no-cache'], kbDir, io),
  });
  if (inputs.index.notes.length === 0) throw new KnowledgeFolderError('no-notes', askedKbDir(values.kb, io));
  const note = parsed.data.note;
  if (note !== undefined && !inputs.index.notes.some((n) => n.path === note))
    throw usageError(
      'context',
      `--note ${values.note}: no such note in ${askedKbDir(values.kb, io)}; give its path in the folder, e.g. ${inputs.index.notes[0]!.path}`,
    );
  const pack = contextPackFor(kbDir, inputs, parsed.data, { home: io.env.HOME ?? '', cwd: io.cwd }, createTokenCounter());
  if (values.json) io.out(JSON.stringify(pack, null, 2));
  else {
    for (const w of pack.warnings) io.err(`warning: ${w}`);
    io.out(pack.contextPackMarkdown);
  }
  return EXIT.ok;
}

/** A note's path as the index names it: relative to the folder; a path from the working directory into the folder works too. */
function notePathIn(kbDir: string, note: string, io: Io): string {
  const fromCwd = relative(kbDir, resolve(io.cwd, note));
  const inside = fromCwd !== '' && !fromCwd.startsWith('..') && !isAbsolute(fromCwd) && existsSync(resolve(io.cwd, note));
  return (inside ? fromCwd : note).split(sep).join('/').replace(/^\.\//, '');
}

/** A comma-separated flag's items, trimmed, empty ones dropped. */
function listOf(value: string): string[] {
  return value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}
