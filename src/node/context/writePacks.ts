import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildContextPack } from '../../core/context/buildContextPack.js';
import type { PackData } from '../../core/context/buildPackData.js';
import { configuredPacks } from '../../core/context/configuredPacks.js';
import type { RepoDigest } from '../../core/discover/repoDigest.js';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import { createTokenCounter } from '../../core/tokens/tokenCounter.js';

export interface WrittenPack {
  slug: string;
  title: string;
  tokens: number;
  confidence: string;
}

/** `kb pack --out DIR`: `<slug>.md` (the Markdown) and `<slug>.json` (the ContextPack) for every configured pack. */
export function writePacks(
  outDir: string,
  index: KbIndex,
  data: PackData,
  digestsOf: (request: { task: string; repo?: string | undefined; project?: string | undefined }) => RepoDigest[] = () => [],
  today?: string,
): WrittenPack[] {
  mkdirSync(outDir, { recursive: true });
  const count = createTokenCounter(); // the packs share their notes' lines: each is counted once
  return configuredPacks(index).map(({ slug, title, request }) => {
    const pack = buildContextPack(data, { ...request, ...(today ? { today } : {}) }, digestsOf(request), { count });
    writeFileSync(join(outDir, `${slug}.md`), pack.contextPackMarkdown);
    writeFileSync(join(outDir, `${slug}.json`), `${JSON.stringify(pack, null, 2)}\n`);
    return { slug, title, tokens: pack.tokens, confidence: pack.confidence };
  });
}
