// A worker thread that builds the site's pack data (src/site/prepare/preparePacks.ts) while Astro bundles.
import { parentPort, workerData } from 'node:worker_threads';
import { buildPackData } from '../../core/context/buildPackData.js';
import type { PackDataJob } from '../../site/prepare/preparePacks.js';

const { index, bodies } = workerData as PackDataJob;
parentPort!.postMessage(buildPackData(index, new Map(bodies)));
