#!/usr/bin/env node
// `npm run eval:packs -- --kb DIR --set TASKS.json [--max-tokens N] [--json] [--ablate]`: pack quality on labelled tasks.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./eval/evalPacks.ts');
process.exitCode = await main(process.argv.slice(2));
