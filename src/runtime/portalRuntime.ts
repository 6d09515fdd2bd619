// The compiled site's `virtual:kb-portal/config`: where pages read the prepared data, set at run time by whoever
// renders the pages (the compiled app's entry, src/runtime/serverEntry.ts) instead of fixed when the site is bundled.
import type { PortalRuntimeConfig } from '../core/site/portalData.ts';

const runtime: PortalRuntimeConfig = { dataDir: '', generation: 0 };
export default runtime;

/** Points the pages at another generation of the prepared data. */
export function setPortalRuntime(next: PortalRuntimeConfig): void {
  Object.assign(runtime, next);
}
