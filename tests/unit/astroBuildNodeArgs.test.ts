// The build's Astro process gets a larger young generation (astroCli.ts), unless the caller set its own.
import { describe, expect, it } from 'vitest';
import { astroBuildNodeArgs } from '../../src/node/site/astroCli.ts';

describe.each([
  ['no NODE_OPTIONS', undefined, ['--max-semi-space-size=64']],
  ['other flags', '--max-old-space-size=4096 --enable-source-maps', ['--max-semi-space-size=64']],
  ["the caller's own semi-space size", '--max-semi-space-size=32', []],
  ["the caller's own, among others", '--trace-warnings --max-semi-space-size 128', []],
])('NODE_OPTIONS with %s', (_, options, args) => {
  it('gives these flags before Astro’s script', () => expect(astroBuildNodeArgs({ NODE_OPTIONS: options })).toEqual(args));
});
