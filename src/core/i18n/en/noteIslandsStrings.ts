// English, the islands of a note's page: code copy, image zoom, diagrams, query blocks.
export const noteIslands = {
  'code.copy': 'Copy',
  'code.copyLabel': 'Copy code',
  'code.copied': 'Copied',
  'code.failed': 'Failed',
  'code.copiedStatus': 'Code copied to the clipboard.',
  'code.failedStatus': 'The browser refused to copy; select the code instead.',
  'zoom.dialog': 'Zoomed image',
  'zoom.close': 'Close',
  'zoom.button': 'Zoom',
  'diagram.label': 'Diagram: {title}',
  'queryBlock.hint': 'Edit the query to run it again here; the note keeps its own.',
  'queryBlock.failed': 'The query could not run here ({error}); run it with {command}.',
  'queryBlock.problem': 'This block {problem}.',
  'queryBlock.searchSummary': { one: '{count} note matches ({shown} shown)', other: '{count} notes match ({shown} shown)' },
  'queryBlock.line': 'line {line}: {snippet}',
} as const;
