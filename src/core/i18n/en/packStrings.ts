// English, packs: the packs pages, a pack's views (rendered or Markdown), "Pack for this page", and the statuses
// the pack islands write (src/islands/kbPagePack.ts, kbPackView.ts, kbCopy.ts, and the query page's builder).
export const packPage = {
  'packs.title': 'Context packs',
  'packs.lead': "Prerendered task-context packs (the config's {packs} and one per project), the same as {command} writes. Build your own on the {link}.",
  'packs.leadLink': 'query page',
  'packs.none': 'No packs are configured.',
  'packs.cited': '{count} notes cited',
  'pack.pageTitle': 'Pack: {title}',
  'pack.buckets': 'buckets {buckets}',
  'pack.project': 'project {project}',
  'pack.repo': 'repo {repo}',
  'pack.download': 'Download {file}',
  'pack.copyMarkdown': 'Copy Markdown',
  'pack.downloadMd': 'Download .md',
  'pack.copy': 'Copy',
  'pack.show': 'Show the pack',
  'pack.rendered': 'Rendered',
  'pack.markdown': 'Markdown',
  'pack.renderedRegion': 'Pack, rendered',
  'pack.markdownRegion': 'Pack Markdown',
  'pagePack.summary': 'Pack for this page',
  'pagePack.lead': 'A token-budgeted context pack for a coding agent, started from this page. The same pack from the command line: {command}',
  'pagePack.build': 'Build pack',
  'pagePack.copy': 'Copy pack',
} as const;

/** What the pack islands write. */
export const packIsland = {
  'pack.tokens': '{tokens} / {max} tokens',
  'pack.confidence': 'confidence {confidence}',
  'pack.confidence.high': 'high',
  'pack.confidence.medium': 'medium',
  'pack.confidence.low': 'low',
  'pack.image': '[image: {alt}]',
  'pack.imageNoAlt': '[image]',
  'pack.building': 'Building…',
  'pack.failed': 'The pack could not be built ({error}).',
  'pack.copied': 'Copied {count} tokens of Markdown.',
  'pack.copiedShort': 'Copied.',
  'pack.copyRefused': 'Copying was refused by the browser; use the download instead.',
} as const;
