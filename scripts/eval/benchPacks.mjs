#!/usr/bin/env node
// Pack assembly benchmark at 10,000 notes (target: one pack under 50 ms after the index is loaded).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./benchPacks.ts');
process.exitCode = await main(process.argv.slice(2));
