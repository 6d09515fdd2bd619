// A worker thread that builds the site's pack data (src/site/prepare/preparePacks.ts) while Astro bundles.
import { parentPort, workerData } from 'node:worker_threads';
import { buildPackData } from '../../core/context/buildPackData.js';
import type { KbIssue } from '../../core/util/issue.js';
import type { PackDataJob, PackDataReply } from '../../site/prepare/preparePacks.js';

const { index, bodies } = workerData as PackDataJob;
const issues: KbIssue[] = [];
parentPort!.postMessage({ data: buildPackData(index, new Map(bodies), { warn: (issue) => issues.push(issue) }), issues } satisfies PackDataReply);
