// `npm run dev` takes astro dev's own flags (`--host [ADDR]`, `--port N`, `--open`) and answers any other flag in
// one line with exit 2, as the kb commands do: never a stack trace. Only the refusals run here (nothing starts
// a server); tests/e2e/dev.spec.ts starts one with --port.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const USAGE = 'Usage: npm run dev -- [--kb DIR] [--base /wiki/] [--today YYYY-MM-DD] [--trust-html] [--allow-secrets] [--port N] [--host [ADDR]] [--open]';

function dev(...args: string[]) {
  const r = spawnSync(process.execPath, ['scripts/dev.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe.each([
  ['an unknown flag', ['--frob'], "dev: unknown option '--frob'"],
  ['--host with an address, then an unknown flag: the address is --host’s', ['--host', '0.0.0.0', '--frob'], "dev: unknown option '--frob'"],
  ['--host=ADDR, then a bad port', ['--host=0.0.0.0', '--port', 'abc'], 'dev: --port abc: must be a port number'],
  ['--host alone, then --open and a stray word', ['--host', '--open', 'extra'], "dev: unexpected argument 'extra'"],
  ['a flag without its value', ['--kb'], "dev: option '--kb <value>' argument missing"],
])('npm run dev: %s', (_name, args, message) => {
  it('one line naming it and the usage, exit 2', () => {
    const r = dev(...args);
    expect({ code: r.code, err: r.err, out: r.out }).toEqual({ code: 2, err: `${message}. ${USAGE}\n`, out: '' });
  });
});
