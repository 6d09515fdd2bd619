// The text inside a zip-based attachment (`.zip`, and Office's `.docx`, `.xlsx`, `.pptx`, which are zips of XML),
// so the secret scanner can read it: a credential in a spreadsheet of service accounts is compressed in the file.
// fflate (MIT, ~8 kB, no dependencies) unzips synchronously, with a filter that skips entries over the limits.
import { unzipSync } from 'fflate';

/** Entries larger than this, and entries past this total, are not unpacked (a zip bomb stops here). */
const MAX_ENTRY_BYTES = 20 * 1024 * 1024;
const MAX_TOTAL_BYTES = 50 * 1024 * 1024;

/** A block-level closing tag of Office XML (a paragraph, a shared string, a row or cell): a line break in the text. */
const BLOCK_END = /<\/(?:w:p|a:p|si|row|c|t:p|text:p)>/g;

/**
 * Each text entry of a zip archive (NUL-free in its first 8,000 bytes), as `name` and text; for XML, also its
 * text with the tags taken out, so that a value Word splits across runs (`<w:t>AKIA</w:t><w:t>…`) reads whole.
 * `unread` names what was not unpacked: entries over the limits, or the whole file when it is not a readable zip.
 */
export function archiveTexts(buf: Uint8Array): { texts: { name: string; text: string }[]; unread: string[] } {
  const unread: string[] = [];
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(buf, {
      filter: (f) => {
        total += f.originalSize;
        const ok = f.originalSize <= MAX_ENTRY_BYTES && total <= MAX_TOTAL_BYTES;
        if (!ok) unread.push(f.name);
        return ok;
      },
    });
  } catch {
    return { texts: [], unread: ['(the whole file: not a readable zip archive)'] };
  }
  const texts: { name: string; text: string }[] = [];
  for (const name of Object.keys(files).sort()) {
    const bytes = files[name]!;
    if (bytes.subarray(0, 8000).includes(0)) continue; // an image or another binary part
    const text = new TextDecoder('utf-8').decode(bytes);
    texts.push({ name, text });
    if (/\.(xml|rels)$/i.test(name) && text.includes('<')) texts.push({ name, text: text.replace(BLOCK_END, '\n').replace(/<[^>]*>/g, '') });
  }
  return { texts, unread };
}
