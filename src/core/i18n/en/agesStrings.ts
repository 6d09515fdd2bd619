// English, ages and staleness markers (src/core/util/staleness.ts as pages show it; src/islands/ages.ts redoes them
// with the reader's date).
export const ages = {
  'ages.today': '(today)',
  'ages.yesterday': '(yesterday)',
  'ages.daysAgo': '({count} days ago)',
  'ages.stale': ' [STALE — {remedy}]',
  'ages.fresh': 'fresh',
  'ages.freshAfter': ' — fresh',
  'ages.notFound': '(not found — run {command})',
  'ages.run': 'run {command}',
  'ages.stillRelevant': 'still relevant?',
} as const;
