import { resolve } from 'node:path';
import { digestsFor } from '../../node/context/digestsFor.js';
import { loadPackInputs } from '../../node/context/loadPackInputs.js';
import { writePacks } from '../../node/context/writePacks.js';
import { CACHE_FLAG, allowSecretsFrom, indexCacheFrom, kbDirFrom, parseFlags, todayFrom } from '../flags.js';
import { EXIT, type Io } from '../io.js';

const USAGE = 'Usage: kb pack [--out DIR] [--kb DIR] [--today YYYY-MM-DD] [--json] [--no-cache]';

/** `kb pack`: prerender every configured pack (config `packs:` and one per project) as .md and .json. */
export function run(argv: string[], io: Io): number {
  const { values } = parseFlags(
    argv,
    { out: { type: 'string' }, kb: { type: 'string' }, today: { type: 'string' }, json: { type: 'boolean' }, ...CACHE_FLAG },
    USAGE,
    false,
  );
  const kbDir = kbDirFrom(values.kb, io);
  const outDir = resolve(io.cwd, values.out ?? 'dist/packs');
  const today = todayFrom(values.today, io);
  const inputs = loadPackInputs(kbDir, { cacheDir: indexCacheFrom(values['no-cache'], kbDir, io), allowSecrets: allowSecretsFrom(undefined, io) });
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
