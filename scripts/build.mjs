#!/usr/bin/env node
// `npm run build`: `kb build` from this checkout (src/cli/commands/buildCommand.ts; `kb build --help`).
//   npm run build [-- --kb DIR] [--out DIR] [--base /wiki/] [--strict] [--trust-html] [--allow-secrets]
//                 [--today YYYY-MM-DD] [--full] [--verbose]
process.argv.splice(2, 0, 'build');
await import('../bin/kb.js');
