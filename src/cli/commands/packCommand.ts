import { resolve } from 'node:path';
import { digestsFor } from '../../node/context/digestsFor.js';
import { loadPackInputsQuickly } from '../../node/context/loadPackInputsQuickly.js';
import { writePacks } from '../../node/context/writePacks.js';
import { KnowledgeFolderError } from '../../node/knowledgeFolderError.js';
import { z } from 'zod';
import { defineOptions } from '../../core/options/defineOptions.js';
import { flagHelp, flagOf, flagsOf, optionalUsage, withHelp } from '../../core/options/flagFace.js';
import { allowSecretsFrom, askedKbDir, CLI_ONLY, cliOptions, existingKbDir, indexCacheFrom, readCommandFlags, todayFrom } from '../flags.js';
import { EXIT, type Io } from '../io.js';

/** `kb pack`'s own flag. */
const packCli = defineOptions({
  /** Where the packs are written. Default: dist/packs/ under the working directory. */
  out: { schema: z.string().optional(), kind: 'text', flag: { value: 'DIR', help: 'where to write (default: dist/packs/)' }, tool: CLI_ONLY, form: CLI_ONLY },
});

const FLAGS = [
  ...flagsOf(packCli),
  flagOf(cliOptions, 'kb'),
  flagOf(cliOptions, 'today'),
  withHelp(flagOf(cliOptions, 'json'), 'what was written, as JSON'),
  flagOf(cliOptions, 'allowSecrets'),
  flagOf(cliOptions, 'noCache'),
];

export const HELP = `Usage: kb pack ${optionalUsage(FLAGS)}

Prerender every configured pack (kb.config.yaml packs:, and one per project) as <slug>.md and <slug>.json.

${flagHelp(FLAGS)}

Exit: 0 written, 1 no notes in the folder, 2 usage error or no such folder.`;

/** `kb pack`: prerender every configured pack (config `packs:` and one per project) as .md and .json. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { options: values } = readCommandFlags('pack', argv, FLAGS, packCli, false);
  const kbDir = existingKbDir(values.kb, io);
  const outDir = resolve(io.cwd, values.out ?? 'dist/packs');
  const today = todayFrom(values.today, io, 'pack');
  const inputs = await loadPackInputsQuickly(kbDir, {
    allowSecrets: allowSecretsFrom(values.allowSecrets, io),
    cacheDir: indexCacheFrom(values.noCache, kbDir, io),
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
