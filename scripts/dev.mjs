#!/usr/bin/env node
// `npm run dev`: `astro dev` with the kbPortal integration; notes show as they are saved.
//   npm run dev [-- --kb DIR] [--base /wiki/] [--today YYYY-MM-DD] [--trust-html] [--allow-secrets]
//               [--port N] [--host [ADDR]] [--open]
// --port, --host and --open are astro dev's own: `--host` alone listens on every address (what a container
// needs), `--host ADDR` on that one.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compile } from './compile.mjs';

const USAGE = 'Usage: npm run dev -- [--kb DIR] [--base /wiki/] [--today YYYY-MM-DD] [--trust-html] [--allow-secrets] [--port N] [--host [ADDR]] [--open]';

/** `--host` takes an address only when one follows it (`--host`, `--host 0.0.0.0`, `--host=0.0.0.0`). */
function hostValue(argv) {
  const rest = [];
  let host;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--host') host = argv[i + 1] !== undefined && !argv[i + 1].startsWith('-') ? argv[++i] : true;
    else if (arg.startsWith('--host=')) host = arg.slice('--host='.length) || true;
    else rest.push(arg);
  }
  return { host, rest };
}

let values;
let host;
try {
  const split = hostValue(process.argv.slice(2));
  host = split.host;
  ({ values } = parseArgs({
    args: split.rest,
    options: {
      kb: { type: 'string' },
      base: { type: 'string' },
      today: { type: 'string' },
      'trust-html': { type: 'boolean' },
      'allow-secrets': { type: 'boolean' },
      port: { type: 'string' },
      open: { type: 'boolean' },
    },
    allowPositionals: false,
    strict: true,
  }));
  if (values.port !== undefined && !/^\d+$/.test(values.port)) throw new Error(`--port ${values.port}: must be a port number`);
} catch (err) {
  // One line, as the kb commands answer a usage mistake (Node's message runs on over several sentences).
  const first = err.message.split('\n')[0].split(/\.\s/)[0].replace(/\.$/, '');
  console.error(`dev: ${first.charAt(0).toLowerCase()}${first.slice(1)}. ${USAGE}`);
  process.exit(2);
}
await compile({ ifStale: true });
const { environmentFromSiteFlags } = await import('../lib/node/kbEnvironment.js');
// No telemetry and no update check: nothing here reaches the network.
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_DISABLE_UPDATE_CHECK: 'true', ...environmentFromSiteFlags(values) };
const args = [
  fileURLToPath(new URL('astro.js', import.meta.resolve('astro/package.json'))),
  'dev',
  ...(values.port ? ['--port', values.port] : []),
  ...(host === true ? ['--host'] : host ? ['--host', host] : []),
  ...(values.open ? ['--open'] : []),
];
const child = spawn(process.execPath, args, { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code) => process.exit(code ?? 0));
