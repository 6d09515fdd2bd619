import { discoverForTask } from '../../node/discover/discoverForTask.js';
import { kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, UsageError, type Io } from '../io.js';

const USAGE = 'Usage: kb discover <path-or-alias>… --task "…" [--kb DIR] [--json]';

/**
 * `kb discover`: the files of up to 3 codebases that matter for a task (seed 002). Prints the
 * `<details>` annotation and the files (or `--json`); warnings go to stderr. Exit 1 when a path was
 * missing or restricted, or nothing could be loaded.
 */
export function run(argv: string[], io: Io): number {
  const { values, positionals } = parseFlags(argv, { task: { type: 'string' }, kb: { type: 'string' }, json: { type: 'boolean' } }, USAGE);
  if (!positionals.length) throw new UsageError(`kb discover: name at least one path or alias.\n${USAGE}`);
  const task = values.task?.trim();
  if (!task) throw new UsageError(`kb discover: --task "…" is required (discovery ranks files for a task).\n${USAGE}`);
  const output = discoverForTask({ refs: positionals, task, cwd: io.cwd, kbDir: kbDirFrom(values.kb, io) });
  if (values.json) io.out(JSON.stringify(output.json, null, 2));
  else {
    // Messages the output already carries (zero signal, map-mode hint) are not repeated on stderr.
    for (const w of output.warnings) io.err(w);
    if (output.text) io.out(output.text);
  }
  return output.failed ? EXIT.problems : EXIT.ok;
}
