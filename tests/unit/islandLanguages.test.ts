// The island loads the stemmers and stop words of the folder's languages only, before it packs: a fresh module
// graph (as in a browser, where allTextLanguages.ts is never imported) must give the CLI's pack and load no more.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { packDataFiles } from '../../src/core/context/packParts.js';
import { loadPackInputs } from '../../src/node/context/loadPackInputs.js';

describe.each([
  ['lang-de', 'Datenbank migrieren ohne Sperren', ['de']],
  ['lang-ja', 'キューの滞留アラート', ['ja']],
  ['lang-zh', '监控告警', ['zh']],
  ['context-basic', 'cursor pagination', []],
])('the island on %s', (folder, task, languages) => {
  it(`loads ${JSON.stringify(languages)} and gives the CLI's pack`, async () => {
    const { data } = loadPackInputs(join(import.meta.dirname, '../fixtures', folder));
    const files = new Map(packDataFiles(data).map((f) => [f.path, JSON.stringify(f.value)]));
    const request = { task, today: '2026-09-01' };
    const cli = buildContextPack(data, request);
    vi.resetModules();
    const { createPackDataLoader } = await import('../../src/core/context/packLoader.js');
    const { loadedTextLanguages } = await import('../../src/core/text/textLanguages.js');
    expect(loadedTextLanguages()).toEqual([]);
    const island = createPackDataLoader(async (path) => JSON.parse(files.get(path)!) as unknown);
    expect(await island.pack(request)).toEqual(cli);
    expect(loadedTextLanguages()).toEqual(languages);
  });
});
