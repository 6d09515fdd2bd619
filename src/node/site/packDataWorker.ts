// A worker thread that builds the site's pack data (src/site/prepare/preparePacks.ts): started while the folder is
// read, it loads its modules meanwhile, then builds the pack data of the index and bodies it is sent, with the token
// counts of the pack data filed before.
import { parentPort } from 'node:worker_threads';
import { buildPackData } from '../../core/context/buildPackData.js';
import type { KbIssue } from '../../core/util/issue.js';
import { previousTokenCounts } from '../context/cachedPackData.js';
import type { PackDataJob, PackDataReply } from '../../site/prepare/preparePacks.js';

parentPort!.once('message', ({ index, bodies, previous }: PackDataJob) => {
  const issues: KbIssue[] = [];
  const tokenCounts = previousTokenCounts(previous.dir, previous.key, previous.rankerHash);
  parentPort!.postMessage({
    data: buildPackData(index, new Map(bodies), { warn: (issue) => issues.push(issue), tokenCounts }),
    issues,
  } satisfies PackDataReply);
});
