// Entry of the pack data worker thread. Plain JavaScript because Node 20 cannot load TypeScript itself:
// it registers tsx in this thread, then runs the worker written in TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./packDataWorker.ts');
