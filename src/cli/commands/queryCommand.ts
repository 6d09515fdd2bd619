import { EXIT, type Io } from '../io.js';

/** `kb query`: not built yet. */
export function run(_argv: string[], io: Io): number {
  io.err('kb query: not implemented yet');
  return EXIT.problems;
}
