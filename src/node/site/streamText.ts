/**
 * A response body written piece by piece: Astro collects it into one buffer outside the JavaScript heap,
 * so an output larger than a string may be (`llms-full.txt` at 100,000 notes)
 * is never built as one string.
 */
export function streamText(pieces: Iterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pieces[Symbol.iterator]();
  return new ReadableStream({
    pull(controller) {
      // ~1 MB per pull: few enough calls, small enough buffers.
      let batch = '';
      for (let next = iterator.next(); ; next = iterator.next()) {
        if (next.done) {
          if (batch) controller.enqueue(encoder.encode(batch));
          controller.close();
          return;
        }
        batch += next.value;
        if (batch.length > 1_000_000) break;
      }
      controller.enqueue(encoder.encode(batch));
    },
  });
}
