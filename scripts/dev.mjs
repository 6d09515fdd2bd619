#!/usr/bin/env node
// `npm run dev`: `kb dev` from this checkout (src/cli/commands/devCommand.ts; `kb dev --help`).
//   npm run dev [-- --kb DIR] [--base /wiki/] [--today YYYY-MM-DD] [--trust-html] [--allow-secrets] [--port N] [--host [ADDR]] [--open]
process.argv.splice(2, 0, 'dev');
await import('../bin/kb.js');
