import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createKbServer, type ServerOptions } from './createKbServer.js';
import type { KbSource } from './kbSource.js';

/**
 * Serve a knowledge source over stdio until the client closes stdin. Once the client has initialised, the
 * knowledge is loaded in the background (a local folder indexed through the cache), so the first call finds it
 * in memory. Diagnostics go to stderr: stdout carries the protocol only.
 */
export async function serveStdio(source: KbSource, options: ServerOptions & { log: (line: string) => void }): Promise<void> {
  const server = createKbServer(source, options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
  });
  server.server.oninitialized = () => {
    setImmediate(() => {
      const started = performance.now();
      source.snapshot().then(
        (s) => options.log(`kb mcp: ${s.index.notes.length} notes from ${source.location} in ${Math.round(performance.now() - started)} ms`),
        (err: unknown) => options.log(`kb mcp: ${source.location}: ${(err as Error).message}`),
      );
    });
  };
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
}
