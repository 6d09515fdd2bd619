// Small PDFs for the tests, written here byte by byte: each page one content stream of text lines (Helvetica),
// deflated (FlateDecode) unless asked not to be, so a credential in one is not in the file's bytes as written.
import { deflateSync } from 'node:zlib';

export function makePdf(pages: readonly string[], options: { compress?: boolean } = {}): Buffer {
  const compress = options.compress ?? true;
  const objects: (string | Buffer)[] = [];
  const add = (o: string | Buffer) => objects.push(o);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, once the pages are numbered
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const text of pages) {
    const ops = text
      .split('\n')
      .map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 14} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`)
      .join('\n');
    const data = compress ? deflateSync(Buffer.from(ops, 'latin1')) : Buffer.from(ops, 'latin1');
    add(Buffer.concat([Buffer.from(`<< /Length ${data.length}${compress ? ' /Filter /FlateDecode' : ''} >>\nstream\n`), data, Buffer.from('\nendstream')]));
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((o, i) => {
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(o) ? o : Buffer.from(o), Buffer.from('\nendobj\n')]);
    offsets.push(at);
    at += b.length;
    parts.push(b);
  });
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`),
  );
  return Buffer.concat(parts);
}
