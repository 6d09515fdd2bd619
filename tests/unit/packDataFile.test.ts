import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { openPackDataFile, packDataFileReads, writePackDataFile } from '../../src/node/context/packDataFile.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { tempDir } from './foundationSupport.js';

const fixture = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-basic'));
// Small parts, so that a pack of this small folder needs only some of them.
const data = buildPackData(fixture.index, fixture.bodies, { termShardChars: 300, noteShardNotes: 2 });
const dir = tempDir();
const request = { task: 'webhook signature verification', today: '2026-01-01' };

function written(name: string): string {
  const file = join(dir, name);
  writePackDataFile(file, data);
  return file;
}

describe('the pack data file (kb context’s cache)', () => {
  it('reads back every part as written', () => {
    const opened = openPackDataFile(written('all.parts'))!;
    expect(JSON.parse(JSON.stringify(opened))).toEqual(JSON.parse(JSON.stringify(data)));
    expect(opened.terms.length).toBe(data.terms.length);
    expect(opened.notes.length).toBe(data.notes.length);
  });

  it.each([
    ['webhook signature verification', 1],
    ['quantum teleportation', 0.5],
  ])('gives the very pack of the data in memory for %j, reading only the parts it uses (under %f of the file)', (task, share) => {
    const file = written(`lazy-${share}.parts`);
    const before = packDataFileReads.bytes;
    const opened = openPackDataFile(file)!;
    const req = { ...request, task };
    expect(buildContextPack(opened, req)).toEqual(buildContextPack(data, req));
    const read = packDataFileReads.bytes - before;
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(statSync(file).size * share);
  });

  it('keeps a part written to it', () => {
    const opened = openPackDataFile(written('set.parts'))!;
    const replacement = { vocab: [], postings: [] };
    opened.terms[0] = replacement;
    expect(opened.terms[0]).toBe(replacement);
  });

  it.each([
    ['missing', (file: string) => rmSync(file)],
    ['cut short', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, statSync(file).size - 10))],
    ['of another kind', (file: string) => writeFileSync(file, `{"head":{}}${readFileSync(file, 'utf8')}`)],
    ['empty', (file: string) => writeFileSync(file, '')],
  ])('reads as nothing when %s', (name, damage) => {
    const file = written(`${name}.parts`);
    damage(file);
    expect(openPackDataFile(file)).toBeUndefined();
  });

  it('says to run again when the file goes away before a part is read', () => {
    const file = written('gone.parts');
    const opened = openPackDataFile(file)!;
    rmSync(file);
    expect(() => opened.notes[opened.notes.length - 1]).toThrow(/went away while it was read.*run the command again/);
  });
});
