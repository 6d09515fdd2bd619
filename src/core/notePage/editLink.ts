// Isomorphic: "Edit this note": the note's path (relative to the knowledge folder) resolved against `site.editUrl`.

/** `https://github.com/org/kb/edit/main/` + `decisions/005 cursor.md` → `…/edit/main/decisions/005%20cursor.md`. */
export function editLink(editUrl: string | undefined, path: string): string | undefined {
  if (!editUrl) return undefined;
  const base = editUrl.endsWith('/') ? editUrl : `${editUrl}/`;
  return new URL(path.split('/').map(encodeURIComponent).join('/'), base).href;
}
