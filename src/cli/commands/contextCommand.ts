import { EXIT, type Io } from '../io.js';

/** `kb context`: not built yet. */
export function run(_argv: string[], io: Io): number {
  io.err('kb context: not implemented yet');
  return EXIT.problems;
}
