#!/usr/bin/env node
// `npm run dev`: `astro dev` with the kbPortal integration; notes show as they are saved.
//   npm run dev [-- --kb DIR] [--base /wiki/] [--today YYYY-MM-DD] [--trust-html] [--allow-secrets] [--port N] [--host]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compile } from './compile.mjs';

const { values } = parseArgs({
  options: {
    kb: { type: 'string' },
    base: { type: 'string' },
    today: { type: 'string' },
    'trust-html': { type: 'boolean' },
    'allow-secrets': { type: 'boolean' },
    port: { type: 'string' },
    host: { type: 'boolean' },
  },
  allowPositionals: false,
});
await compile({ ifStale: true });
const { environmentFromSiteFlags } = await import('../lib/node/kbEnvironment.js');
// No telemetry and no update check: nothing here reaches the network.
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_DISABLE_UPDATE_CHECK: 'true', ...environmentFromSiteFlags(values) };
const args = [
  fileURLToPath(new URL('astro.js', import.meta.resolve('astro/package.json'))),
  'dev',
  ...(values.port ? ['--port', values.port] : []),
  ...(values.host ? ['--host'] : []),
];
const child = spawn(process.execPath, args, { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code) => process.exit(code ?? 0));
