// Isomorphic: each page type's URL folder below the portal's prefix, named once. The page types (pageTypes.ts)
// inject their routes under these folders and sitePaths.ts builds the URLs in them; this list stays apart from
// the page types so the browser islands, which build URLs, do not bundle what the sitemap reads.
export const PAGE_DIRS = {
  home: '',
  notes: 'notes',
  tags: 'tags',
  categories: 'categories',
  projects: 'projects',
  shared: 'shared',
  packs: 'packs',
  folders: 'folders',
  search: 'search',
  health: 'health',
  graph: 'graph',
  query: 'query',
} as const;
