// Many small buffers written to one file with few system calls (the render jobs of a folder's notes, each a few KB).
import { writevSync } from 'node:fs';

/** Buffers written to `fd` in order, a few hundred at a time (one `writev` each): a folder's render jobs are thousands of small writes. */
export function chunkWriter(fd: number): { write: (bytes: Buffer) => void; flush: () => void } {
  const chunks: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (chunks.length) writevSync(fd, chunks);
    chunks.length = 0;
    size = 0;
  };
  return {
    write(bytes) {
      chunks.push(bytes);
      size += bytes.length;
      if (chunks.length >= 512 || size >= 4 * 1024 * 1024) flush();
    },
    flush,
  };
}
