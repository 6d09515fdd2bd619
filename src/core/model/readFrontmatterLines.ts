/**
 * A line-based reading of frontmatter whose YAML does not parse (`related_prs: [#3883]`, an unquoted
 * colon, `aliases: - @user`). It keeps what a person would see: top-level `key: value` lines and block
 * lists under an empty key. Never throws.
 */
export function readFrontmatterLines(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let listKey: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const kv = keyValue(line);
    if (kv) {
      const [key, value] = kv;
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

const KEY = /^[A-Za-z_][\w -]*$/; // a key at column 0: letter or `_`, then word characters, spaces, hyphens

/** `key: value` or `key:` at column 0 (the value needs a space after the colon), found without backtracking. */
function keyValue(line: string): [string, string] | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0) return undefined;
  const after = line.slice(colon + 1);
  if (after !== '' && !/^\s/.test(after)) return undefined;
  const key = line.slice(0, colon);
  if (!KEY.test(key)) return undefined;
  return [key.trimEnd(), after.trim()];
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
