import { EXIT, type Io } from '../io.js';

/** `kb pack`: not built yet. */
export function run(_argv: string[], io: Io): number {
  io.err('kb pack: not implemented yet');
  return EXIT.problems;
}
