import type { Server } from 'node:http';

/** Listens on `port`, or the next free one of the 20 after it; the server's origin (`http://localhost:4321`). */
export function listenOn(server: Server, port: number, host: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const attempt = (p: number) => {
      const failed = (err: NodeJS.ErrnoException) => {
        if (err.code === 'EADDRINUSE' && p < port + 20) attempt(p + 1);
        else reject(err);
      };
      server.once('error', failed);
      server.listen(p, host ?? 'localhost', () => {
        server.off('error', failed);
        resolve(`http://${host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost'}:${p}`);
      });
    };
    attempt(port);
  });
}
