// English, the graph island (local and global graphs) and the global graph's page.
export const graph = {
  'graph.zoomIn': 'Zoom in',
  'graph.zoomOut': 'Zoom out',
  'graph.fit': 'Fit',
  'graph.fitLabel': 'Show the whole graph',
  'graph.local': 'Local graph',
  'graph.global': 'Global graph',
  'graph.help': 'Drag to move, scroll or pinch to zoom, click a page to open it; far out, the folders show as circles.',
  'graph.failed': 'The graph could not be loaded ({error}); the lists below hold the same pages.',
  'graph.cluster': '{label}: {count} pages',
} as const;

export const graphPage = {
  'graphPage.title': 'Graph',
  'graphPage.description': 'The links between the {count} pages of {site}.',
  'graphPage.lead': '{pages} pages (notes, canvases and bases) and {links} links between them, grouped by folder.',
  'graphPage.needsJs': 'The graph is drawn with JavaScript; the folders below list the same pages.',
  'graphPage.off': 'The graph is turned off for this site (kb.config.yaml `graph.enabled: false`).',
  'graphPage.byFolder': 'By folder',
  'graphPage.topLevel': 'Top level',
  'graphPage.folder': '{label} ({count})',
  'graphPage.linked': '({count} linked)',
  'graphPage.more': 'and {count} more, the most linked shown',
} as const;
