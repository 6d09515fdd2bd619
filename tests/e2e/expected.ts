// What the CLI computes for the sample folder, called in node inside the tests: the browser must show the same.
import { join } from 'node:path';
import { buildContextPack } from '../../src/core/context/buildContextPack.ts';
import { buildPackData } from '../../src/core/context/buildPackData.ts';
import { configuredPacks } from '../../src/core/context/configuredPacks.ts';
import { knowledgeHealth } from '../../src/core/health/knowledgeHealth.ts';
import type { PackRequest } from '../../src/core/context/packTypes.ts';
import { runQuery } from '../../src/core/query/runQuery.ts';
import { runSearch } from '../../src/core/search/runSearch.ts';
import type { SearchRequest } from '../../src/core/search/searchOptions.ts';
import { digestsFor } from '../../src/node/context/digestsFor.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { folderLinkCheck, siteLinks } from '../../src/node/site/siteLinks.ts';
import { E2E_TODAY } from './fixtures.ts';

export const KB_DIR = join(import.meta.dirname, '../../content');

let cached: ReturnType<typeof indexKnowledgeFolder> | undefined;
export function sample() {
  cached ??= indexKnowledgeFolder(KB_DIR);
  return cached;
}

export function expectedQuery(q: string) {
  return runQuery(sample().index, q, { today: E2E_TODAY });
}

let packData: ReturnType<typeof buildPackData> | undefined;

/** `kb context --json` for the request, as the CLI builds it. */
export function expectedPack(request: PackRequest) {
  const { index, bodies } = sample();
  const req = { ...request, today: E2E_TODAY };
  packData ??= buildPackData(index, bodies);
  return buildContextPack(packData, req, digestsFor(KB_DIR, index, req).digests);
}

/** The knowledge health of the sample: its links checked as the build checks them, its configured packs as `kb pack` builds them. */
export function expectedHealth() {
  const result = sample();
  const { broken, linksOut } = folderLinkCheck(result, siteLinks(result), false);
  const packs = configuredPacks(result.index).map(({ slug, title, request }) => ({ slug, title, pack: expectedPack(request) }));
  return knowledgeHealth({ index: result.index, today: E2E_TODAY, packs, brokenLinks: broken, linksOut });
}

/** `kb search` for the request, as the CLI runs it (bodies read from the notes' files). */
export function expectedSearch(request: SearchRequest) {
  const { index, bodies } = sample();
  return runSearch(index, request, bodies);
}
