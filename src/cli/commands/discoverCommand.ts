import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { renderDiscovery } from '../../core/discover/renderDiscovery.js';
import { loadKbConfig } from '../../node/loadKbConfig.js';
import { runDiscovery } from '../../node/discover/runDiscovery.js';
import type { Registration } from '../../node/discover/readRegistrations.js';
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
  const kbDir = kbDirFrom(values.kb, io);
  const result = runDiscovery({ refs: positionals, task, cwd: io.cwd, kbDir, registrations: kbRegistrations(kbDir) });
  if (values.json) io.out(JSON.stringify({ paths: result.paths, warnings: result.warnings }, null, 2));
  else {
    const text = result.views.length ? renderDiscovery(result.views) : '';
    // Messages the output already carries (zero signal, map-mode hint) are not repeated on stderr.
    for (const w of result.warnings) if (!text.includes(w)) io.err(w);
    if (text) io.out(text);
  }
  const failed = result.paths.some((p) => p.status !== 'ok') || !result.views.length;
  return failed ? EXIT.problems : EXIT.ok;
}

/** kb.config.yaml `repos:`, as the index carries them (alias defaults to the folder's base name). */
function kbRegistrations(kbDir: string): Registration[] {
  if (!existsSync(kbDir)) return [];
  return loadKbConfig(kbDir).repos.map((r) => ({ path: r.path, alias: r.alias ?? basename(resolve(kbDir, r.path)), include: r.include, exclude: r.exclude }));
}
