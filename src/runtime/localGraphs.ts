// Each page's local graph (kb.config.yaml `graph:`), from the site's one link graph (src/core/site/siteLinkGraph.ts).
import { localGraph, type LocalGraph } from '../core/graph/localGraph.ts';
import { graphSettings, siteLinkGraph } from '../core/site/siteLinkGraph.ts';
import { portalSite } from './portalSite.ts';

/** The local graph of the note or board with this slug; undefined when the graph is off. */
export function localGraphOf(slug: string): LocalGraph | undefined {
  const site = portalSite();
  const settings = graphSettings(site);
  if (!settings.enabled) return undefined;
  return localGraph(siteLinkGraph(site), slug, { depth: settings.depth, tags: settings.tags });
}
