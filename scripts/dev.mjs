#!/usr/bin/env node
// `npm run dev`: Astro's dev server on this checkout's pages and components, with hot reload, for work on the portal
// itself (src/site/dev/astroDev.ts). It takes `kb dev`'s flags (`kb dev --help`):
//   npm run dev [-- --kb DIR] [--base /wiki/] [--today YYYY-MM-DD] [--trust-html] [--allow-secrets] [--port N] [--host [ADDR]] [--open]
// To preview a folder as users do, on the site compiled with the package: `npm run kb -- dev --kb DIR`.
await (await import('./compile.mjs')).compile({ ifStale: true });
const { devOptions, untilStopped } = await import('../lib/cli/commands/devCommand.js');
const { UsageError } = await import('../lib/cli/io.js');
const { KnowledgeFolderError } = await import('../lib/node/knowledgeFolderError.js');
const { startAstroDev } = await import('../lib/site/dev/astroDev.js');
const io = { cwd: process.cwd(), env: process.env, out: (l) => console.log(l), err: (l) => console.error(l) };
let parsed;
try {
  parsed = devOptions(process.argv.slice(2), io);
} catch (err) {
  if (err instanceof UsageError) console.error(err.message);
  else if (err instanceof KnowledgeFolderError) console.error(`kb dev: ${err.message}`);
  else throw err;
  process.exit(2);
}
const server = await startAstroDev(parsed.options, parsed.listen);
await untilStopped();
await server.close();
