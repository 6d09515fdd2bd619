import { EXIT, type Io } from '../io.js';

/** `kb search`: not built yet. */
export function run(_argv: string[], io: Io): number {
  io.err('kb search: not implemented yet');
  return EXIT.problems;
}
