import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackData } from '../../core/context/buildPackData.js';
import { formatIssue, type KbIssue } from '../../core/util/issue.js';
import { rankerCodeHash } from '../cache/cacheCode.js';
import { readSnapshotBodies } from '../cache/indexSnapshot.js';
import { loadFolderIndex, type LoadFolderOptions } from '../cache/loadFolderIndex.js';
import { cachedPackData, packDataFiled, packDataUnder, snapshotPackDataKey } from './cachedPackData.js';
import type { PackInputs } from './loadPackInputs.js';

/**
 * `loadPackInputs` through the index snapshot (`kb context`, `kb pack`): while the snapshot holds and the pack
 * data is filed under its id, neither a note nor a body is read. `bodies` come from the snapshot when first used.
 */
export async function loadPackInputsQuickly(
  kbDir: string,
  options: Pick<LoadFolderOptions, 'allowSecrets' | 'secretsAllow' | 'cacheDir' | 'racyMs'> = {},
): Promise<PackInputs> {
  if (!existsSync(kbDir)) return (await import('./loadPackInputs.js')).loadPackInputs(kbDir, options);
  const packDir = (cacheDir: string) => join(cacheDir, 'pack-data');
  const filed = (id: string) => options.cacheDir !== undefined && packDataFiled(packDir(options.cacheDir), snapshotPackDataKey(id));
  const folder = await loadFolderIndex(kbDir, { ...options, bodies: (id) => !filed(id) });
  const { index, cacheDir, snapshotId } = folder;
  let bodies = folder.bodies;
  const bodiesNow = (): ReadonlyMap<string, string> => {
    bodies ??= cacheDir !== undefined && snapshotId !== undefined ? readSnapshotBodies(cacheDir, snapshotId) : undefined;
    if (!bodies) throw new Error('the index snapshot changed while it was read (another kb run?); run the command again.');
    return bodies;
  };
  const warnings: string[] = [];
  const warn = (issue: KbIssue) => warnings.push(formatIssue(issue));
  const data =
    cacheDir === undefined
      ? buildPackData(index, bodiesNow(), { warn })
      : snapshotId === undefined
        ? cachedPackData(index, bodiesNow(), packDir(cacheDir), undefined, warn)
        : packDataUnder(
            packDir(cacheDir),
            snapshotPackDataKey(snapshotId),
            (tokenCounts) => buildPackData(index, bodiesNow(), { warn, tokenCounts }),
            rankerCodeHash,
          );
  return {
    index,
    data,
    get bodies() {
      return bodiesNow();
    },
    warnings,
  };
}
