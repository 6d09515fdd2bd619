// What canvas and base pages read: boards.json, written by the integration beside site.json (prepareBoards.ts),
// read once per generation of the site's data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import portal from 'virtual:kb-portal/config';
import { BOARDS_FILE, type BoardPageData } from '../core/boards/boardPageData.ts';

let memo: { generation: number; dataDir: string; boards: BoardPageData[] } | undefined;

export function boardPages(): BoardPageData[] {
  if (memo?.generation !== portal.generation || memo.dataDir !== portal.dataDir) {
    memo = { generation: portal.generation, dataDir: portal.dataDir, boards: readBoards() };
  }
  return memo.boards;
}

function readBoards(): BoardPageData[] {
  try {
    return JSON.parse(readFileSync(join(portal.dataDir, BOARDS_FILE), 'utf8')) as BoardPageData[];
  } catch {
    return []; // data prepared before boards existed (a dev server's first generation)
  }
}
