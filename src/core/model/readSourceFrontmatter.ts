import { readFrontmatter, type Frontmatter } from './frontmatterSchema.js';
import { readFrontmatterLines } from './readFrontmatterLines.js';

/** The frontmatter parts of a file as the node adapter hands it over. */
export interface FrontmatterSource {
  /** gray-matter's data, or undefined when the YAML did not parse. */
  data: unknown;
  /** Raw frontmatter text, for the line-based reading when the YAML failed. */
  frontmatterText?: string | undefined;
  yamlError?: { message: string; line?: number } | undefined;
}

/**
 * One reading of a file's frontmatter for every decision made on it (publish or not, tags, title):
 * the parsed YAML, or the line-based reading when the YAML did not parse. A `draft: true` in a note
 * whose YAML is broken still keeps it unpublished.
 */
export function readSourceFrontmatter(src: FrontmatterSource): Frontmatter {
  return readFrontmatter(src.yamlError ? readFrontmatterLines(src.frontmatterText ?? '') : src.data);
}
