import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createKbServer, type ServerOptions } from './createKbServer.js';
import type { KbSource } from './kbSource.js';

/**
 * Serve a knowledge source over stdio until the client closes stdin. Once the client has initialised, the
 * knowledge is loaded in the background (see warmUp), so the first call finds it in memory. Diagnostics go to
 * stderr: stdout carries the protocol only.
 */
export async function serveStdio(source: KbSource, options: ServerOptions & { log: (line: string) => void }): Promise<void> {
  const server = createKbServer(source, options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
  });
  server.server.oninitialized = () => setImmediate(() => void warmUp(source, options.log));
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
}

/**
 * Index the folder (or fetch the portal's index), then, after letting the calls that wait for it through, the
 * pack data: agents ask for a pack first, and building it takes seconds on a large folder without its cache.
 */
async function warmUp(source: KbSource, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  try {
    const snapshot = await source.snapshot();
    log(`kb mcp: ${snapshot.index.notes.length} notes from ${source.location} in ${Math.round(performance.now() - started)} ms`);
    await new Promise((resolve) => setImmediate(resolve));
    await snapshot.warm();
  } catch (err) {
    log(`kb mcp: ${source.location}: ${(err as Error).message}`);
  }
}
