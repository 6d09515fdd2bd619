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

/** Give every path a unique slug; later paths (in sorted order) that collide get `-2`, `-3`, … */
export function assignSlugs(paths: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const path of paths) {
    const base = slugify(path);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    out.set(path, slug);
  }
  return out;
}
