import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `port`, or the next free one of the 20 after it (0: any free one); the server's origin (`http://localhost:4321`). */
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
        const { port: at } = server.address() as AddressInfo;
        resolve(`http://${host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost'}:${at}`);
      });
    };
    attempt(port);
  });
}
