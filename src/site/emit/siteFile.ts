/** One emitted file: its path inside the portal's folder, its media type and its text (in pieces when it can be large). */
export interface SiteFile {
  path: string;
  type: string;
  text: () => string | Iterable<string>;
}
