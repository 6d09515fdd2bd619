#!/usr/bin/env node
// What reading a PDF attachment for credentials costs (src/node/security/pdfSecrets.ts): PDFs of 20 to 1,000 dense
// pages, deflated and not, each judged as the build judges a linked PDF; per MB of file and with PDF.js's start-up.
//   node scripts/bench/pdfCost.mjs
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const { makePdf } = await import('../../tests/unit/pdfSupport.ts');
const { judgePdf } = await import('../../src/node/security/pdfSecrets.ts');
const { pdfTexts } = await import('../../src/node/security/pdfTexts.ts');
const words = 'refund retry backoff ledger invoice webhook tenant schema rollout canary '.split(' ');
const page = (p) =>
  Array.from({ length: 50 }, (_, l) => Array.from({ length: 12 }, (_, w) => words[(p * 7 + l * 3 + w) % 10]).join(' ') + ` ${p}-${l}`).join('\n');
pdfTexts(makePdf(['warm up'])); // the worker and PDF.js loaded once
for (const pages of [20, 200, 1000]) {
  for (const compress of [true, false]) {
    const pdf = makePdf(
      Array.from({ length: pages }, (_, p) => page(p)),
      { compress },
    );
    const t0 = performance.now();
    const v = judgePdf('a.pdf', '/a.pdf', { bytes: pdf }, { allowAll: false, allow: [] });
    const ms = performance.now() - t0;
    const t1 = performance.now();
    pdfTexts(pdf);
    const read = performance.now() - t1;
    console.log(
      `${pages} pages ${compress ? 'deflated' : 'plain   '} ${(pdf.length / 1048576).toFixed(2)} MB: judge ${ms.toFixed(0)} ms (read ${read.toFixed(0)} ms) = ${(ms / (pdf.length / 1048576)).toFixed(0)} ms/MB; publish ${v.publish}`,
    );
  }
}
const t0 = performance.now();
execFileSync(process.execPath, [
  '-e',
  `import('unpdf').then(m => m.getDocumentProxy(new Uint8Array(require('fs').readFileSync('tests/fixtures/obsidian/files/spec.pdf'))))`,
]);
console.log(`a fresh process loading PDF.js and reading one small PDF: ${(performance.now() - t0).toFixed(0)} ms`);
process.exit(0);
