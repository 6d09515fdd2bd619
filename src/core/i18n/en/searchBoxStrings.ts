// English, the header search's island (src/islands/kbSearchBox.ts).
export const searchBox = {
  'searchBox.allFor': 'All {count} results for “{query}”',
  'searchBox.noneFor': 'No results for “{query}”: open the search page',
  'searchBox.count': '{count} results',
  'searchBox.none': 'No results',
  'searchBox.keyCtrl': 'Ctrl K',
  'searchBox.keyMac': '⌘K',
} as const;
