// The live preview's file server (src/site/dev/siteFileServer.ts) lists the machine outputs once per generation of the
// folder, and that list needs the pack data, which a saved note makes stale (rebuilt in the background). A page never
// waits for it: a URL ending in `/` goes on to the page renderer at once, even while the pack data is still coming,
// unless it is a renamed note's old URL, whose page is one of the files.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type { PreparedSite } from '../../src/site/prepare/prepareSite.ts';
import { siteFileServer } from '../../src/site/dev/siteFileServer.ts';

/** A server whose pack data never arrives. */
function serverWithoutPackData() {
  const packData = vi.fn(() => new Promise<never>(() => undefined));
  const site = { redirects: [{ from: '/docs/notes/old-name/', to: '/docs/notes/new-name/' }] } as unknown as PreparedSite;
  const serve = siteFileServer({ site: () => site, packData, packs: () => [], root: '/docs/', wholeSite: true });
  const request = (url: string) => {
    const next = vi.fn();
    serve({ url } as IncomingMessage, {} as ServerResponse, next);
    return next;
  };
  return { request, packData };
}

describe('a page does not wait for the pack data', () => {
  it.each(['/docs/', '/docs/notes/a/', '/docs/tags/api/', '/docs/notes/a/?from=search'])('%s goes on to the page renderer at once', (url) => {
    const { request, packData } = serverWithoutPackData();
    expect(request(url)).toHaveBeenCalledOnce();
    expect(packData).not.toHaveBeenCalled();
  });

  it('a URL outside the portal goes on too', () => {
    expect(serverWithoutPackData().request('/elsewhere/x.json')).toHaveBeenCalledOnce();
  });

  it.each(['/docs/kb-index.json', '/docs/notes/old-name/'])('%s, a file of the site, waits for the list, which needs the pack data', (url) => {
    const { request, packData } = serverWithoutPackData();
    expect(request(url)).not.toHaveBeenCalled();
    expect(packData).toHaveBeenCalledOnce();
  });
});
