// What the portal's pages read: the data the kbPortal integration prepared for this build (or, in dev, for the
// latest change of the knowledge folder), found through the virtual module `virtual:kb-portal/config`.
// Pages import this module only; it reads files, so nothing large is bundled into the pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import portal from 'virtual:kb-portal/config';
import { runQuery } from '../core/query/runQuery.ts';
import { buildQueryView, type QueryView } from '../core/views/queryView.ts';
import { PORTAL_FILES, type PortalDataFile } from '../core/site/portalData.ts';
import { createSiteModel, type SiteModel } from '../core/site/siteModel.ts';
import type { SitePack } from '../core/site/sitePack.ts';
import type { KnowledgeHealth } from '../core/health/knowledgeHealth.ts';
import { siteI18n } from '../core/i18n/localeTables.ts';

export interface PortalSite extends SiteModel {
  data: PortalDataFile;
}

let memo: { generation: number; dataDir: string; site: PortalSite } | undefined;

/** The site's data, read once per generation. */
export function portalSite(): PortalSite {
  if (memo?.generation === portal.generation && memo.dataDir === portal.dataDir) return memo.site;
  const data = JSON.parse(readFileSync(join(portal.dataDir, PORTAL_FILES.site), 'utf8')) as PortalDataFile;
  const site = { ...createSiteModel(data.index, data.settings, data.links), data };
  memo = { generation: portal.generation, dataDir: portal.dataDir, site };
  return site;
}

/** The view of `kb query <query>` at build time, for tag and project pages. */
export function queryViewFor(query: string): QueryView {
  const site = portalSite();
  const result = runQuery(site.index, query, { today: site.today });
  return buildQueryView(result, site.index, (path) => site.byPath.get(path), site.today, Infinity, siteI18n(site.locale ?? site.index.locale ?? 'en'));
}

/** Every configured pack, as `kb pack` renders it (written by the integration before pages render). */
export function configuredSitePacks(): SitePack[] {
  return JSON.parse(readFileSync(join(portal.dataDir, PORTAL_FILES.packs), 'utf8')) as SitePack[];
}

/** The knowledge health of the folder (written by the integration with the packs, before pages render). */
export function siteHealth(): KnowledgeHealth {
  return JSON.parse(readFileSync(join(portal.dataDir, PORTAL_FILES.health), 'utf8')) as KnowledgeHealth;
}
