// The text of each page of a PDF attachment, so the secret scanner can read it: a page's text is usually in a
// compressed (FlateDecode) content stream, so a credential in a PDF is invisible to a scan of its bytes. unpdf
// (MIT, from UnJS) wraps Mozilla's PDF.js in a build with no canvas, no binary and no worker file of its own;
// 1.7 is its last release that runs on Node 20. Only the build's Node side loads it, in a worker thread: PDF.js
// is asynchronous, and the attachment plan that needs the text (noteAttachments.ts) is synchronous, so this
// thread waits on the worker's answer (Atomics.wait) rather than turn every caller of the plan asynchronous.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** What a PDF's text reading gives: each page's text (page 1 first), or why it could not be read. */
export type PdfText = { pages: string[] } | { unread: string };

/** Options of pdfTexts; tests replace the worker's code or the deadline. */
export interface PdfTextOptions {
  /** How long one file may take to read (ms) before it is given up as unread. Default 60,000: a safety net, never reached by a PDF that PDF.js can read. */
  deadlineMs?: number | undefined;
}

interface PdfRequest {
  id: number;
  bytes: Uint8Array;
}
type PdfReply = { id: number } & PdfText;

// The worker: it imports unpdf from the path resolved here, reads each PDF it is sent and says when an answer waits.
const WORKER_CODE = `
const { workerData } = require('node:worker_threads');
const { port, signal, unpdf } = workerData;
const lib = import(unpdf);
port.on('message', async ({ id, bytes }) => {
  let reply;
  try {
    const { getDocumentProxy, extractText } = await lib;
    const doc = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false });
    try {
      const { text } = await extractText(doc, { mergePages: false });
      reply = { id, pages: text };
    } finally {
      await doc.destroy();
    }
  } catch (err) {
    reply = { id, unread: String((err && err.message) || err).split('\\n')[0].slice(0, 200) };
  }
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

let reader: { worker: Worker; port: MessagePort; signal: Int32Array } | undefined;
let nextId = 0;

function startReader(): NonNullable<typeof reader> {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const unpdf = pathToFileURL(createRequire(import.meta.url).resolve('unpdf')).href;
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { port: port2, signal, unpdf }, transferList: [port2] });
  worker.unref();
  port1.unref();
  return { worker, port: port1, signal };
}

function stopReader(): void {
  if (!reader) return;
  reader.port.close();
  void reader.worker.terminate();
  reader = undefined;
}

/** Each page's text of a PDF, read in a worker this thread waits for; `{ unread }` with the reason when PDF.js cannot read it. */
export function pdfTexts(bytes: Uint8Array, options: PdfTextOptions = {}): PdfText {
  reader ??= startReader();
  const { port, signal } = reader;
  const id = nextId++;
  Atomics.store(signal, 0, 0);
  port.postMessage({ id, bytes: new Uint8Array(bytes) } satisfies PdfRequest);
  const deadline = options.deadlineMs ?? 60_000;
  for (;;) {
    const woke = Atomics.wait(signal, 0, 0, deadline);
    const reply = receiveMessageOnPort(port)?.message as PdfReply | undefined;
    if (reply?.id === id) return 'pages' in reply ? { pages: reply.pages } : { unread: reply.unread };
    if (woke === 'timed-out') {
      stopReader(); // the worker may be stuck in that file: the next PDF gets a new one
      return { unread: `not read within ${deadline / 1000} s` };
    }
    Atomics.store(signal, 0, 0);
  }
}
