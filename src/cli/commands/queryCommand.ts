import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexKnowledgeFolder } from '../../node/indexKnowledgeFolder.js';
import { runQuery } from '../../core/query/runQuery.js';
import { renderQueryText } from '../../core/query/renderQueryText.js';
import { QUERY_USAGE, type QueryResult } from '../../core/query/queryResult.js';
import { CACHE_FLAG, allowSecretsFrom, indexCacheFrom, kbDirFrom, parseFlags, todayFrom } from '../flags.js';
import { EXIT, UsageError, type Io } from '../io.js';

const USAGE = `${QUERY_USAGE} [--kb DIR] [--today YYYY-MM-DD] [--json] [--load all|N,M,…] [--no-cache]`;

/** `kb query`: seed 000's /context over the knowledge folder; `--load` is Step 6 (read-only). */
export function run(argv: string[], io: Io): number {
  const { values, positionals } = parseFlags(
    argv,
    { kb: { type: 'string' }, today: { type: 'string' }, json: { type: 'boolean' }, load: { type: 'string' }, ...CACHE_FLAG },
    USAGE,
  );
  const query = positionals.join(' ');
  const today = todayFrom(values.today, io);
  const kbDir = kbDirFrom(values.kb, io);
  const folder = indexKnowledgeFolder(kbDir, { cacheDir: indexCacheFrom(values['no-cache'], kbDir, io), allowSecrets: allowSecretsFrom(undefined, io) });
  const result = runQuery(folder.index, query, { today });
  if (result.usage) {
    io.err(result.usage);
    return EXIT.usage;
  }
  const loaded = values.load === undefined ? undefined : load(result, values.load, folder.reading.kbDir, io);
  if (values.json) {
    io.out(JSON.stringify(loaded ? { ...result, loaded } : result, null, 2));
  } else if (loaded) {
    for (const file of loaded) io.out(`===== ${file.n}. ${file.path} =====\n${file.content.replace(/\n?$/, '\n')}`);
    io.out(`Loaded ${loaded.length} knowledge files into context.`);
  } else {
    io.out(renderQueryText(result).replace(/\n$/, ''));
  }
  return EXIT.ok;
}

/** `all`, `none`, or numbers separated by commas and/or spaces; files and artifacts by number, never ideas. */
function load(result: QueryResult, spec: string, kbDir: string, io: Io): { n: number; path: string; content: string }[] {
  const rows = [...result.results.map((r) => ({ n: r.n, path: r.path, exists: true })), ...result.artifacts];
  const wanted = spec.trim().toLowerCase();
  let picked: typeof rows;
  if (wanted === 'all') picked = rows;
  else if (wanted === 'none') picked = [];
  else {
    const numbers = wanted.split(/[\s,]+/).filter(Boolean); // commas and/or spaces between numbers
    const bad = numbers.find((s) => !/^\d+$/.test(s) || !rows.some((r) => r.n === Number(s)));
    if (numbers.length === 0 || bad !== undefined) throw new UsageError(`--load ${spec}: pick all, none, or numbers from 1 to ${rows.length}.\n${USAGE}`);
    picked = [...new Set(numbers.map(Number))].map((n) => rows.find((r) => r.n === n)!);
  }
  const out: { n: number; path: string; content: string }[] = [];
  for (const row of picked) {
    if (!row.exists) {
      io.err(`${row.n}. ${row.path}: not found; skipped.`);
      continue;
    }
    out.push({ n: row.n, path: row.path, content: readFileSync(join(kbDir, row.path), 'utf8') });
  }
  return out;
}
