import { buildContextPack } from '../../core/context/buildContextPack.js';
import type { PackData } from '../../core/context/buildPackData.js';
import { configuredPacks } from '../../core/context/configuredPacks.js';
import type { ContextPack } from '../../core/context/packTypes.js';
import type { RepoDigest } from '../../core/discover/repoDigest.js';
import { digestsFor } from '../context/digestsFor.js';
import { getSiteData } from './siteData.js';
import { sitePackData } from './sitePackData.js';

export interface SitePack {
  slug: string;
  title: string;
  pack: ContextPack;
  /** Codebases the request named that could not be read (kept out of the pack, as `kb pack` prints them). */
  digestWarnings: string[];
}

interface PackSources {
  kbDir: string;
  packData: PackData;
  /** Digests of every registered repo (`kb-digests.json`), read under discovery's security rules. */
  digests: RepoDigest[];
  packs: SitePack[];
}

const MEMO = Symbol.for('kb-portal.packSources');
const store = globalThis as unknown as Record<symbol, { kbDir: string; value: Promise<PackSources> } | undefined>;

/**
 * What the site emits for packs, built once per build the way the CLI builds it (`kb pack`, `kb context`):
 * the pack data the island fetches, the registered repos' digests, and every configured pack.
 */
export function packSources(): Promise<PackSources> {
  const site = getSiteData();
  const memo = store[MEMO];
  if (memo?.kbDir === site.kbDir) return memo.value;
  const value = computePackSources();
  store[MEMO] = { kbDir: site.kbDir, value };
  return value;
}

async function computePackSources(): Promise<PackSources> {
  const { index, bodies, kbDir, today } = getSiteData();
  const digests = index.repos.flatMap((r) => digestsFor(kbDir, index, { task: '', repo: r.alias }).digests);
  const packData = await sitePackData(index, bodies);
  const packs = configuredPacks(index).map(({ slug, title, request }) => {
    const req = { ...request, today };
    const found = digestsFor(kbDir, index, req);
    return { slug, title, pack: buildContextPack(packData, req, found.digests), digestWarnings: found.warnings };
  });
  return { kbDir, packData, digests, packs };
}
