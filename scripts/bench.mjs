#!/usr/bin/env node
// `npm run bench`: the benchmark harness (scripts/bench/main.ts, docs/performance.md), run through tsx like the CLI.
//   npm run bench -- --notes 1000,10000 [--seed 42] [--json] [--skip hugo,cli,island,mcp,warm,build,pathological] [--runs 5]
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./bench/main.ts');
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
}
