/**
 * A line-based reading of frontmatter whose YAML does not parse (`related_prs: [#3883]`, an unquoted
 * colon, `aliases: - @user`). It keeps what a person would see: top-level `key: value` lines and block
 * lists under an empty key. Never throws.
 */
export function readFrontmatterLines(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let listKey: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    // key at column 0, then ':', then the rest of the line
    const kv = /^([A-Za-z_][\w -]*?)\s*:(?:\s+(.*)|\s*)$/.exec(line);
    if (kv) {
      const key = kv[1]!;
      const value = (kv[2] ?? '').trim();
      if (value === '') {
        listKey = key;
        out[key] = [];
      } else {
        listKey = undefined;
        out[key] = readScalarOrList(value);
      }
      continue;
    }
    // "  - item" under a key whose value was empty
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listKey) (out[listKey] as unknown[]).push(unquote(item[1]!.trim()));
    else if (!/^\s/.test(line)) listKey = undefined;
  }
  return out;
}

function readScalarOrList(value: string): unknown {
  // "[a, b]" inline list (its items may hold what broke the YAML, e.g. `#3883`)
  const list = /^\[(.*)\]$/.exec(value);
  if (list) {
    return list[1]!
      .split(',')
      .map((s) => unquote(s.trim()))
      .filter((s) => s !== '');
  }
  return unquote(value);
}

function unquote(s: string): string {
  return s.replace(/^(["'])(.*)\1$/, '$2');
}
