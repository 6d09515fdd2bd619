import { commandWords, flagsOf } from '../options/flagFace.js';
import { packOptions, type PackRequest } from './packTypes.js';

/**
 * The `kb context` command that builds the pack for `request` (a page shows it beside the pack it builds): every
 * field of the request that is a flag (packTypes.ts), in their order, as `kb context` reads them back.
 */
export function packCommandLine(request: Omit<PackRequest, 'today'>): string {
  return ['kb', 'context', ...commandWords(flagsOf(packOptions), request)].join(' ');
}
