import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSite } from '../../site/buildSite.js';
import { kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, type Io } from '../io.js';
import { siteFlags, siteFlagsHelp, siteOptions } from '../siteFlags.js';

export const HELP = `Usage: kb build [--kb DIR] [--out DIR] [--base /wiki/] [--strict] [--trust-html] [--allow-secrets] [--today YYYY-MM-DD] [--full] [--verbose]

Build the portal (wiki pages, search, packs, machine outputs) from a knowledge folder into a static site.
No Astro project needed: the portal's pages were compiled with the package. The new site is staged beside the output folder
and replaces it only when the whole build succeeded; unchanged pages are kept from the previous output.
The build caches live in .kb-build/cache/ of the working directory.

  --out DIR         the output folder (default: dist/)
${siteFlagsHelp('build')}

Exit: 0 built, 1 the build failed (the previous output is left as it was), 2 usage error or no such folder.`;

/** `kb build`: the site of a knowledge folder, rendered in this process on the site compiled with the package. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values } = parseFlags('build', argv, { ...siteFlags('build'), out: { type: 'string' } }, false);
  const kbDir = kbDirFrom(values.kb as string | undefined, io);
  if (!existsSync(kbDir) || !statSync(kbDir).isDirectory()) {
    io.err(`build: no knowledge folder at ${kbDir} — is --kb (or KB_DIR) right?`);
    return EXIT.usage;
  }
  const outDir = resolve(io.cwd, (values.out as string | undefined) ?? 'dist');
  // The output folder is also the previous build whose unchanged pages are kept.
  const options = siteOptions('build', values, io, { kb: kbDir, reuseFrom: outDir });
  return buildSite({ options, outDir, cwd: io.cwd, out: io.out, err: io.err });
}
