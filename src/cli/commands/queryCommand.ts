import { loadFolderIndex, type FolderIndex } from '../../node/cache/loadFolderIndex.js';
import { requireNotes } from '../../node/knowledgeFolderError.js';
import { runQuery } from '../../core/query/runQuery.js';
import { renderQueryText } from '../../core/query/renderQueryText.js';
import type { QueryResult } from '../../core/query/queryResult.js';
import { QUERY_USAGE, queryOptions } from '../../core/query/queryOptions.js';
import { z } from 'zod';
import { defineOptions } from '../../core/options/defineOptions.js';
import { flagHelp, flagOf, flagsOf, optionalUsage, readFlags } from '../../core/options/flagFace.js';
import { allowSecretsFrom, askedKbDir, cliOptions, existingKbDir, indexCacheFrom, parseCommandFlags, todayFrom } from '../flags.js';
import { EXIT, UsageError, usageError, type Io } from '../io.js';

/** `kb query`'s own flag. */
const queryCli = defineOptions({
  /** Print these results' files: `all`, `none`, or numbers from the list. Default: print the list. */
  load: {
    schema: z.string().optional(),
    kind: 'text',
    flag: { value: 'all|N,M', usage: 'all|N,M,…', help: 'print the chosen files (numbers from the list), credentials redacted' },
    tool: { omitted: 'the MCP tool opens a note with read_note' },
    form: { omitted: 'the query page downloads the selected notes' },
  },
});

const FLAGS = [
  ...flagsOf(queryOptions),
  flagOf(cliOptions, 'kb'),
  flagOf(cliOptions, 'today'),
  flagOf(cliOptions, 'json'),
  ...flagsOf(queryCli),
  flagOf(cliOptions, 'allowSecrets'),
  flagOf(cliOptions, 'noCache'),
];

export const HELP = `${QUERY_USAGE} ${optionalUsage(FLAGS.filter((f) => !f.face.positional))}

The /context tag query: space-separated tags, union by default; a word AND makes it an intersection.
Aliases resolve, project keys expand to their tags; results come in three groups (team-shared,
project-specific, cross-project), with a project's tracked artifacts and pending ideas.

${flagHelp(FLAGS)}

Exit: 0 answered (even with no match), 1 no notes in the folder, 2 usage error or no such folder.`;

/** `kb query`: the /context tag query over the knowledge folder (docs/query-and-search.md); `--load` prints the chosen notes (read-only). */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandFlags('query', argv, FLAGS);
  const read = readFlags(FLAGS, values, positionals, (problem) => {
    throw usageError('query', problem);
  });
  const cli = cliOptions.schema.extend(queryCli.schema.shape).strip().parse(read);
  const query = queryOptions.schema.shape.tags.parse(read['tags']);
  const today = todayFrom(cli.today, io, 'query');
  const kbDir = existingKbDir(cli.kb, io);
  const folder = requireNotes(
    await loadFolderIndex(kbDir, {
      allowSecrets: allowSecretsFrom(cli.allowSecrets, io),
      cacheDir: indexCacheFrom(cli.noCache, kbDir, io),
      bodies: false,
    }),
    askedKbDir(cli.kb, io),
  );
  const result = runQuery(folder.index, query, { today });
  // The /context stop line, exactly as agents and scripts expect it, and on one line like every usage error.
  if (result.usage) throw new UsageError(result.usage);
  const loaded = cli.load === undefined ? undefined : await load(result, cli.load, folder.reading, io);
  if (cli.json) {
    io.out(JSON.stringify(loaded ? { ...result, loaded } : result, null, 2));
  } else if (loaded) {
    for (const file of loaded) io.out(`===== ${file.n}. ${file.path} =====\n${file.content.replace(/\n?$/, '\n')}`);
    io.out(`Loaded ${loaded.length} knowledge files into context.`);
  } else {
    io.out(renderQueryText(result).replace(/\n$/, ''));
  }
  return EXIT.ok;
}

/**
 * `all`, `none`, or numbers separated by commas and/or spaces; files and artifacts by number, never ideas.
 * Each file is read as it is published: credentials redacted as in the index and the site.
 */
async function load(result: QueryResult, spec: string, reading: FolderIndex['reading'], io: Io): Promise<{ n: number; path: string; content: string }[]> {
  const rows = [...result.results.map((r) => ({ n: r.n, path: r.path, exists: true })), ...result.artifacts];
  const wanted = spec.trim().toLowerCase();
  let picked: typeof rows;
  if (wanted === 'all') picked = rows;
  else if (wanted === 'none') picked = [];
  else {
    const numbers = wanted.split(/[\s,]+/).filter(Boolean); // commas and/or spaces between numbers
    const bad = numbers.find((s) => !/^\d+$/.test(s) || !rows.some((r) => r.n === Number(s)));
    if (numbers.length === 0 || bad !== undefined) throw usageError('query', `--load ${spec}: pick all, none, or numbers from 1 to ${rows.length}`);
    picked = [...new Set(numbers.map(Number))].map((n) => rows.find((r) => r.n === n)!);
  }
  const out: { n: number; path: string; content: string }[] = [];
  const { publishedText } = await import('../../node/readSourceFile.js'); // the secret scanner, only for --load
  for (const row of picked) {
    const content = row.exists ? publishedText(reading, row.path) : undefined;
    if (content === undefined) {
      io.err(`${row.n}. ${row.path}: not found; skipped.`);
      continue;
    }
    out.push({ n: row.n, path: row.path, content });
  }
  return out;
}
