// A worker thread that builds the site's pack data (sitePackData.ts) while the build goes on.
import { parentPort, workerData } from 'node:worker_threads';
import { buildPackData } from '../../core/context/buildPackData.js';
import type { PackDataJob } from './sitePackData.js';

const { index, bodies } = workerData as PackDataJob;
parentPort!.postMessage(buildPackData(index, new Map(bodies)));
