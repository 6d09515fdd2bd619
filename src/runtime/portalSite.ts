// What the portal's pages read: the data the kbPortal integration prepared for this build (or, in dev, for the
// latest change of the knowledge folder), found through the virtual module `virtual:kb-portal/config`.
// Pages import this module only; it reads files, so nothing large is bundled into the pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import portal from 'virtual:kb-portal/config';
import { runQuery } from '../core/query/runQuery.ts';
import { buildQueryView, type QueryView } from '../core/views/queryView.ts';
import { PORTAL_FILES, type PortalDataFile, type PortalDataHead, type PortalDataRest, type PortalRuntimeConfig } from '../core/site/portalData.ts';
import { createSiteModel, type SiteModel } from '../core/site/siteModel.ts';
import type { SitePack } from '../core/site/sitePack.ts';
import type { KnowledgeHealth } from '../core/health/knowledgeHealth.ts';
import { siteI18n } from '../core/i18n/localeTables.ts';

export interface PortalSite extends SiteModel {
  data: PortalDataFile;
}

let memo: { generation: number; dataDir: string; site: PortalSite } | undefined;
/** The site made ahead of its data's last part (siteAhead), until it is adopted or another is made. */
let ahead: { token: number; site: PortalSite } | undefined;

/** The site's data, read once per generation (or made ahead: siteAhead, adoptSite). */
export function portalSite(): PortalSite {
  if (memo?.generation === portal.generation && memo.dataDir === portal.dataDir) return memo.site;
  const data = JSON.parse(readFileSync(join(portal.dataDir, PORTAL_FILES.site), 'utf8')) as PortalDataFile;
  const site = siteOf(data);
  memo = { generation: portal.generation, dataDir: portal.dataDir, site };
  return site;
}

/** Whether `site` is the pages' (of the generation last read) or the one made ahead: what is derived from others can go. */
export const siteHeld = (site: PortalSite): boolean => site === memo?.site || site === ahead?.site;

const siteOf = (data: PortalDataFile): PortalSite => ({ ...createSiteModel(data.index, data.settings, data.links), data });

/**
 * `kb dev`: the site of the data being prepared, made from `site.json`'s head (PortalDataHead as JSON, siteDataJson)
 * while the server makes the rest; the pages do not see it before adoptSite. `token` names it there.
 */
export function siteAhead(token: number, head: string): PortalSite {
  const data: PortalDataFile = { ...(JSON.parse(head) as PortalDataHead), notes: {} };
  const site = siteOf(data);
  ahead = { token, site };
  return site;
}

/**
 * The site made ahead with `token`, completed with the rest of its data (PortalDataRest as JSON), becomes the data of
 * `at` (which the caller points the pages at). False when the last made ahead is another: the pages read `at`'s site.json.
 */
export function adoptSite(at: PortalRuntimeConfig, token: number, rest: string): boolean {
  const made = ahead;
  ahead = undefined;
  if (made?.token !== token) return false;
  Object.assign(made.site.data, JSON.parse(rest) as PortalDataRest);
  memo = { generation: at.generation, dataDir: at.dataDir, site: made.site };
  return true;
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
