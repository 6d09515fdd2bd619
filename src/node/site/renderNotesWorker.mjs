// Entry of a render worker thread. Plain JavaScript because Node 20 cannot load TypeScript itself:
// it registers tsx in this thread, then runs the worker written in TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./renderNotesWorker.ts');
