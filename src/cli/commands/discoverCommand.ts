import { discoverForTask } from '../../node/discover/discoverForTask.js';
import { existingKbDir, kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';

export const HELP = `Usage: kb discover <path-or-alias>… --task "…" [--kb DIR] [--json]

The files of up to 3 codebases that matter for a task: entry points, files matching the
task's nouns and their imports. Aliases come from kb.config.yaml repos: and .claude/path-context.yaml.
Never writes. Restricted paths (.ssh, credentials, /etc, …) are refused before anything is read.

  --task "…"        what you are about to do (required)
  --kb DIR          the knowledge folder whose repos: register aliases (default: KB_DIR, else content/)
  --json            { paths, warnings } as JSON

Exit: 0 files found, 1 a folder missing or restricted (or nothing found), 2 usage error.`;

/**
 * `kb discover`: the files of up to 3 codebases that matter for a task (docs/cli.md). Prints the
 * `<details>` annotation and the files (or `--json`); warnings go to stderr. Exit 1 when a path was
 * missing or restricted, or nothing could be loaded.
 */
export function run(argv: string[], io: Io): number {
  const { values, positionals } = parseFlags('discover', argv, { task: { type: 'string' }, kb: { type: 'string' }, json: { type: 'boolean' } });
  if (!positionals.length) throw usageError('discover', 'name at least one path or alias, e.g. `kb discover payments-api --task "…"`');
  const task = values.task?.trim();
  if (!task) throw usageError('discover', '--task "…" is required (discovery ranks files for a task)');
  // An explicit --kb must exist; the default folder is only a source of aliases, and may be absent.
  const kbDir = values.kb !== undefined ? existingKbDir(values.kb, io) : kbDirFrom(undefined, io);
  const output = discoverForTask({ refs: positionals, task, cwd: io.cwd, kbDir });
  if (values.json) io.out(JSON.stringify(output.json, null, 2));
  else {
    // Messages the output already carries (zero signal, map-mode hint) are not repeated on stderr.
    for (const w of output.warnings) io.err(w);
    if (output.text) io.out(output.text);
  }
  return output.failed ? EXIT.problems : EXIT.ok;
}
