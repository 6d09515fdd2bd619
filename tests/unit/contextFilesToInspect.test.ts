import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import type { PackRequest } from '../../src/core/context/packTypes.js';
import type { RepoDigest } from '../../src/core/discover/repoDigest.js';
import { digestsFor } from '../../src/node/context/digestsFor.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

/** A knowledge folder with one registered codebase (`repos: [{ path: repos/billing, alias: billing }]`). */
const FIXTURE = join(import.meta.dirname, '../fixtures/context-repo');
const { index, bodies } = indexKnowledgeFolder(FIXTURE);
const data = buildPackData(index, bodies);
const env = { home: '/home/nobody', cwd: FIXTURE };

/** The CLI's way: digests for what the request names (security rules first), then the pack. */
function pack(request: PackRequest) {
  const { digests, warnings } = digestsFor(FIXTURE, index, request, env);
  return { ...buildContextPack(data, { today: '2026-01-01', ...request }, digests), digestWarnings: warnings, digests };
}
const section = (markdown: string, title: string) => markdown.split(`## ${title}\n\n`)[1]!.split('\n\n## ')[0]!;

describe('Files to Inspect inside a pack', () => {
  it('lists the files discovery selects for the task in the registered repo named by --repo', async () => {
    const p = pack({ task: 'Fix refund rounding on invoices', repo: 'billing' });
    expect(section(p.contextPackMarkdown, 'Repo/Project Context')).toMatch(/^\*\*billing\*\* \(`repos\/billing`\): TypeScript/);
    const files = section(p.contextPackMarkdown, 'Files to Inspect');
    expect(files).toContain('- `billing/src/invoices/refund.ts`');
    expect(files).toContain('- `billing/src/util/money.ts`');
    expect(files.indexOf('billing/src/invoices/refund.ts')).toBeLessThan(files.indexOf('billing/src/util/dates.ts'));
    await expect(p.contextPackMarkdown).toMatchFileSnapshot(join(import.meta.dirname, '__golden__/packs/files-to-inspect.md'));
  });

  it('reads `@context <alias>` in the task as --repo', () => {
    const byFlag = pack({ task: 'Fix refund rounding on invoices', repo: 'billing' });
    const byTrigger = pack({ task: 'Fix refund rounding on invoices @context billing' });
    expect(section(byTrigger.contextPackMarkdown, 'Files to Inspect')).toBe(section(byFlag.contextPackMarkdown, 'Files to Inspect'));
  });

  it('ignores an alias inside a code span, and says so when none is named', () => {
    const p = pack({ task: 'Fix refund rounding; see `@context billing` in the docs' });
    expect(p.digests).toEqual([]);
    expect(section(p.contextPackMarkdown, 'Files to Inspect')).toMatch(/^No codebase named/);
  });

  it('asks about an alias that is not registered instead of listing files', () => {
    const p = pack({ task: 'Fix refund rounding @context ghost' });
    expect(section(p.contextPackMarkdown, 'Open Questions')).toContain('`ghost` is not a registered codebase');
    expect(section(p.contextPackMarkdown, 'Files to Inspect')).toMatch(/^No codebase named|^Discovery selected no files/);
  });

  it('refuses a restricted path literal before reading it', () => {
    const p = pack({ task: 'Fix refund rounding in /etc/billing' });
    expect(p.digestWarnings.join('\n')).toMatch(/Security: path .* is restricted/);
    expect(p.digests).toEqual([]);
    expect(section(p.contextPackMarkdown, 'Open Questions')).toContain('`/etc/billing` is not a registered codebase');
  });

  it('gives the island the same files from the emitted digests (JSON round trip)', () => {
    const request = { task: 'Fix refund rounding on invoices', repo: 'billing', today: '2026-01-01' };
    const { digests } = digestsFor(FIXTURE, index, request, env);
    const island = JSON.parse(JSON.stringify(digests)) as RepoDigest[];
    expect(buildContextPack(JSON.parse(JSON.stringify(data)), request, island).contextPackMarkdown).toBe(
      buildContextPack(data, request, digests).contextPackMarkdown,
    );
  });
});
