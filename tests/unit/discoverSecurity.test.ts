import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPathSecurity, restrictedMessage } from '../../src/core/discover/checkPathSecurity.js';
import { resolvePathLiteral } from '../../src/core/discover/resolvePathLiteral.js';
import { buildRepoDigest } from '../../src/node/discover/buildRepoDigest.js';
import { runDiscovery } from '../../src/node/discover/runDiscovery.js';

const HOME = '/home/dev';

describe.each([
  // [rule, path as typed]
  ['.ssh', '~/.ssh'],
  ['.ssh anywhere', '/srv/backup/.ssh/keys'],
  ['.gnupg', '~/.gnupg'],
  ['.gnupg anywhere', '/mnt/old/.gnupg'],
  ['~/.aws', '~/.aws'],
  ['~/.aws below', '~/.aws/config'],
  ['credentials', '/projects/app/credentials'],
  ['secrets', '/projects/app-secrets'],
  ['~/.config/gcloud', '~/.config/gcloud'],
  ['/etc/', '/etc/nginx'],
  ['/etc/shadow', '/etc/shadow'],
  ['/etc/passwd', '/etc/passwd'],
  ['/etc/sudoers', '/etc/sudoers'],
  ['/proc/', '/proc/1/root'],
  ['/sys/', '/sys/kernel'],
  ['C:\\Windows\\System32\\', 'C:\\Windows\\System32\\drivers'],
  ['root /', '/'],
  ['root C:\\', 'C:\\'],
  ['root D:\\', 'D:\\'],
  ['root through ..', '/projects/../..'],
  ['.ssh through ..', '~/projects/../.ssh'],
  ['/etc through ..', '/srv/app/../../etc'],
])('deny-list: %s (%s)', (_rule, typed) => {
  const abs = resolvePathLiteral(typed, { home: HOME, cwd: '/work' });
  it('is refused with the seed message', () => {
    const verdict = checkPathSecurity(abs, HOME);
    expect(verdict).toEqual({ ok: false, rule: expect.any(String), message: `Security: path ${abs} is restricted. kb-portal only loads project folders.` });
  });
});

describe.each([['/projects/payments-api'], ['~/code/shop'], ['/srv/etc-tools'], ['/home/dev/system'], ['C:\\Users\\dev\\code\\api'], ['../shop']])(
  'allowed: %s',
  (typed) => {
    it('passes', () => expect(checkPathSecurity(resolvePathLiteral(typed, { home: HOME, cwd: '/work/main' }), HOME)).toEqual({ ok: true }));
  },
);

describe.each([
  ['~', '/home/dev'],
  ['~/code/x', '/home/dev/code/x'],
  ['../x', '/work/x'],
  ['./a/./b/../c', '/work/main/a/c'],
  ['/a/b/../../..', '/'],
  ['C:\\Users\\dev\\..\\x', 'C:/Users/x'],
  ['D:', 'D:/'],
])('resolvePathLiteral(%s)', (typed, expected) => {
  it(`is ${expected}`, () => expect(resolvePathLiteral(typed, { home: HOME, cwd: '/work/main' })).toBe(expected));
});

describe('runDiscovery refuses before any read', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'kb-discover-sec-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const home = join(tmp, 'home');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  writeFileSync(join(home, '.ssh', 'id_rsa'), 'PRIVATE KEY main index\n');
  mkdirSync(join(tmp, 'work'), { recursive: true });
  // A harmless-looking folder that is a symlink into ~/.ssh: its real path is checked too.
  symlinkSync(join(home, '.ssh'), join(tmp, 'work', 'keys'));

  it.each([['~/.ssh'], ['keys']])('%s is restricted and nothing is selected', (ref) => {
    const result = runDiscovery({ refs: [ref], task: 'read the private key', cwd: join(tmp, 'work'), kbDir: tmp, registrations: [], home });
    expect(result.paths).toEqual([{ path: ref, alias: expect.any(String), status: 'restricted', mode: 'files', budget: 0, selected: [], omitted: 0 }]);
    expect(result.warnings).toEqual([restrictedMessage(join(home, '.ssh'))]);
    expect(result.views).toEqual([]);
  });
});

describe('buildRepoDigest refuses a restricted real path itself', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'kb-discover-sec2-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  mkdirSync(join(tmp, 'team-secrets', 'src'), { recursive: true });
  symlinkSync(join(tmp, 'team-secrets'), join(tmp, 'innocent'));
  it('throws the security message for a link into a restricted folder', () => {
    expect(() => buildRepoDigest(join(tmp, 'innocent'), { alias: 'x', path: 'innocent', include: [], exclude: [] })).toThrow(
      restrictedMessage(join(tmp, 'team-secrets')),
    );
  });
});
