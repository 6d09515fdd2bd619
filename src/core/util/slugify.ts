/** A readable, lower-case URL path for a note: folders kept, anything but letters and digits → `-`. */
export function slugify(path: string): string {
  return path
    .replace(/^(\.\.\/)+/, '')
    .replace(/\.mdx?$/i, '')
    .split('/')
    .map(
      (part) =>
        part
          .normalize('NFC')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, '-') // runs of anything else (spaces, &, #, ?, %, quotes) → one hyphen
          .replace(/^-+|-+$/g, '') || 'untitled',
    )
    .join('/');
}
