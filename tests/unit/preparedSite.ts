// The integration's first stage (index, links, attachments, render jobs) over a fixture folder, as kbPortal() runs
// it, for tests that need the site's data without building the site.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseKbPortalOptions } from '../../src/site/options/kbPortalOptions.ts';
import { prepareSite, type LiveMemo, type PreparedSite, type SiteDataParts } from '../../src/site/prepare/prepareSite.ts';
import { resolvePortal } from '../../src/site/options/resolvePortal.ts';
import { loadKbConfig } from '../../src/node/loadKbConfig.ts';

/** `work`: the project folder (its cache and output), for a test that prepares twice, warm; default a new one. */
export function prepareFixture(
  kb: string,
  options: {
    strict?: boolean;
    allowSecrets?: boolean;
    trustHtml?: boolean;
    today?: string;
    base?: string;
    work?: string;
    /** Where the build's warnings go (default: nowhere). */
    warn?: (line: string) => void;
    /** A live preview's memo, kept between preparations (default: none). */
    memo?: LiveMemo;
    /** Told site.json's two parts as they are made (default: nobody). */
    parts?: SiteDataParts;
  } = {},
): Promise<PreparedSite> {
  const work = options.work ?? mkdtempSync(join(tmpdir(), 'kb-prepared-'));
  const parsed = parseKbPortalOptions({
    kb,
    strict: options.strict ?? false,
    allowSecrets: options.allowSecrets ?? false,
    trustHtml: options.trustHtml ?? false,
    cacheDir: join(work, 'cache'),
    today: options.today ?? '2026-10-15',
  });
  let kbConfig: ReturnType<typeof loadKbConfig> | { site: { base: string } };
  try {
    kbConfig = loadKbConfig(kb);
  } catch {
    kbConfig = { site: { base: '/' } }; // prepareSite reports the config's problem itself
  }
  const config = resolvePortal(
    parsed,
    { root: new URL(`file://${work}/`), outDir: new URL(`file://${work}/dist/`), base: options.base ?? '/', site: undefined },
    { site: { base: kbConfig.site.base } },
    '2026-10-15',
  );
  return prepareSite(config, {
    rendererHash: 'test',
    hasHtml: () => false,
    pages: undefined,
    warn: options.warn ?? (() => undefined),
    memo: options.memo,
    parts: options.parts,
  });
}
