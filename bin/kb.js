#!/usr/bin/env node
// The `kb` CLI: compiled JavaScript from lib/ (`npm install` builds it). In a checkout of the sources, lib/ is
// compiled again first when a source file changed since.
import { existsSync } from 'node:fs';

const compiler = new URL('../scripts/compile.mjs', import.meta.url);
if (existsSync(compiler)) await (await import(compiler.href)).compile({ ifStale: true });
// `kb query … | head` closes the pipe early: stop quietly, as Unix tools do, instead of a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const { main } = await import('../lib/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
