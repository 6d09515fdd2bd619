// A page's fingerprint for incremental builds: what a page of a dynamic route shows is its props and the layout's
// view (layoutView.ts, taken whole), so a page whose fingerprint equals the previous build's is the same page. The
// salt covers the code that renders pages and the build's options.
import { createHash } from 'node:crypto';
import type { LayoutView } from './layoutView.ts';

export function pageFingerprint(salt: string, layout: LayoutView, kind: string, params: unknown, props: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([salt, layout]))
    .update('\0')
    .update(kind)
    .update('\0')
    .update(JSON.stringify(params))
    .update('\0')
    .update(JSON.stringify(props))
    .digest('base64url')
    .slice(0, 22);
}
