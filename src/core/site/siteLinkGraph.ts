// Isomorphic: the link graph of a site model (its notes, canvases and bases), built once per model: the note pages'
// local graphs and the global graph file read the same one.
import type { SiteModel } from './siteModel.js';
import { buildLinkGraph, type LinkGraph } from '../graph/buildLinkGraph.js';
import { graphConfigSchema, type GraphConfig } from '../graph/graphConfigSchema.js';

const built = new WeakMap<object, LinkGraph>();

export function siteLinkGraph(model: Pick<SiteModel, 'index' | 'boards' | 'resolver'>): LinkGraph {
  let graph = built.get(model);
  if (!graph) {
    graph = buildLinkGraph(
      [
        ...model.index.notes.map((n) => ({ path: n.path, slug: n.slug, title: n.title, kind: 'note' as const, tags: n.tags, links: n.wikilinks })),
        ...model.boards.map((b) => ({ path: b.path, slug: b.slug, title: b.title, kind: b.kind, tags: [], links: b.links })),
      ],
      (target, from) => model.resolver.note(target, from)?.slug,
    );
    built.set(model, graph);
  }
  return graph;
}

/** The site's `graph:` settings, defaults filled in. */
export function graphSettings(model: { graph?: GraphConfig | undefined }): GraphConfig {
  return model.graph ?? graphConfigSchema.parse(undefined);
}
