#!/usr/bin/env node
// The `kb` CLI: runs the TypeScript sources through tsx, so there is no separate compile step.
import { register } from 'tsx/esm/api';

register();
// `kb query … | head` closes the pipe early: stop quietly, as Unix tools do, instead of a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
