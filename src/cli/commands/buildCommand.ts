import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseKbPortalOptions } from '../../site/options/kbPortalOptions.js';
import { kbPortalOptionsFromEnvironment } from '../../node/kbEnvironment.js';
import { buildSite } from '../../site/buildSite.js';
import { kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, type Io } from '../io.js';
import { SITE_FLAGS, siteVariables } from '../siteFlags.js';

export const HELP = `Usage: kb build [--kb DIR] [--out DIR] [--base /wiki/] [--strict] [--trust-html] [--allow-secrets] [--today YYYY-MM-DD] [--full] [--verbose]

Build the portal (wiki pages, search, packs, machine outputs) from a knowledge folder into a static site.
No Astro project needed: the portal's pages were compiled with the package. The new site is staged beside the output folder
and replaces it only when the whole build succeeded; unchanged pages are kept from the previous output.
The build caches live in .kb-build/cache/ of the working directory.

  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --out DIR         the output folder (default: dist/)
  --base PATH       serve under a sub-path, e.g. /wiki/ (default: kb.config.yaml site.base, else /)
  --strict          warnings (broken YAML, broken links, credentials) stop the build
  --trust-html      keep raw HTML in .md notes as written and run .mdx notes' JavaScript (or KB_TRUST_HTML=1)
  --allow-secrets   publish notes holding credentials as written, each with a warning (or KB_ALLOW_SECRETS=1)
  --today DATE      the build's date for ages and staleness (default: KB_TODAY, else today)
  --full            render every page, keeping nothing from the previous output
  --verbose         list every route in the log

Exit: 0 built, 1 the build failed (the previous output is left as it was), 2 usage error or no such folder.`;

/** `kb build`: the site of a knowledge folder, with kb-portal's own Astro project. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values } = parseFlags(
    'build',
    argv,
    { ...SITE_FLAGS, out: { type: 'string' }, strict: { type: 'boolean' }, full: { type: 'boolean' }, verbose: { type: 'boolean' } },
    false,
  );
  const kbDir = kbDirFrom(values.kb, io);
  if (!existsSync(kbDir) || !statSync(kbDir).isDirectory()) {
    io.err(`build: no knowledge folder at ${kbDir} — is --kb (or KB_DIR) right?`);
    return EXIT.usage;
  }
  const outDir = resolve(io.cwd, values.out ?? 'dist');
  const kb = siteVariables('build', { ...values, kb: kbDir, out: outDir }, io);
  const options = parseKbPortalOptions(kbPortalOptionsFromEnvironment({ ...io.env, ...kb }));
  return buildSite({ options, outDir, cwd: io.cwd, out: io.out, err: io.err });
}
