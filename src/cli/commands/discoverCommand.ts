import { EXIT, type Io } from '../io.js';

/** `kb discover`: not built yet. */
export function run(_argv: string[], io: Io): number {
  io.err('kb discover: not implemented yet');
  return EXIT.problems;
}
