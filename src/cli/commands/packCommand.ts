import { resolve } from 'node:path';
import { digestsFor } from '../../node/context/digestsFor.js';
import { loadPackInputsQuickly } from '../../node/context/loadPackInputsQuickly.js';
import { writePacks } from '../../node/context/writePacks.js';
import { KnowledgeFolderError } from '../../node/knowledgeFolderError.js';
import { CACHE_FLAG, allowSecretsFrom, askedKbDir, existingKbDir, indexCacheFrom, parseFlags, todayFrom } from '../flags.js';
import { EXIT, type Io } from '../io.js';

export const HELP = `Usage: kb pack [--out DIR] [--kb DIR] [--today YYYY-MM-DD] [--json] [--allow-secrets] [--no-cache]

Prerender every configured pack (kb.config.yaml packs:, and one per project) as <slug>.md and <slug>.json.

  --out DIR         where to write (default: dist/packs/)
  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --today DATE      the date ages are counted from (default: KB_TODAY, else today)
  --json            what was written, as JSON
  --allow-secrets   do not redact credentials (or KB_ALLOW_SECRETS=1)
  --no-cache        do not read or write the index cache (or KB_NO_CACHE=1)

Exit: 0 written, 1 no notes in the folder, 2 usage error or no such folder.`;

/** `kb pack`: prerender every configured pack (config `packs:` and one per project) as .md and .json. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values } = parseFlags(
    'pack',
    argv,
    {
      out: { type: 'string' },
      kb: { type: 'string' },
      today: { type: 'string' },
      json: { type: 'boolean' },
      'allow-secrets': { type: 'boolean' },
      ...CACHE_FLAG,
    },
    false,
  );
  const kbDir = existingKbDir(values.kb, io);
  const outDir = resolve(io.cwd, values.out ?? 'dist/packs');
  const today = todayFrom(values.today, io, 'pack');
  const inputs = await loadPackInputsQuickly(kbDir, {
    allowSecrets: allowSecretsFrom(values['allow-secrets'], io),
    cacheDir: indexCacheFrom(values['no-cache'], kbDir, io),
  });
  if (inputs.index.notes.length === 0) throw new KnowledgeFolderError('no-notes', askedKbDir(values.kb, io));
  for (const w of inputs.warnings) io.err(`warning: ${w}`);
  const env = { home: io.env.HOME ?? '', cwd: io.cwd };
  const written = writePacks(
    outDir,
    inputs.index,
    inputs.data,
    (request) => {
      const { digests, warnings } = digestsFor(kbDir, inputs.index, request, env);
      for (const w of warnings) io.err(`warning: ${w}`);
      return digests;
    },
    today,
  );
  if (values.json) io.out(JSON.stringify({ out: outDir, packs: written }, null, 2));
  else {
    for (const p of written) io.out(`${p.slug}.md  ${p.tokens} tokens, confidence ${p.confidence}  (${p.title})`);
    io.out(`Wrote ${written.length} pack${written.length === 1 ? '' : 's'} to ${outDir}`);
  }
  return EXIT.ok;
}
