/**
 * The paths discovery refuses before any read (docs/cli.md § "kb discover", Security first).
 * Takes an absolute path (see resolvePathLiteral): keywords match as substrings, roots exactly.
 */
export type SecurityVerdict = { ok: true } | { ok: false; rule: string; message: string };

/** Any path containing one of these (case-insensitive) is refused. */
const KEYWORDS = ['.ssh', '.gnupg', 'credentials', 'secrets'];

/** Refused with everything below them. The home-relative ones also match under any home. */
const PREFIXES: { rule: string; test: (p: string, home: string | undefined) => boolean }[] = [
  { rule: '~/.aws', test: (p, home) => under(p, `${home ?? '\0'}/.aws`) || /(^|\/)\.aws(\/|$)/i.test(p) },
  { rule: '~/.config/gcloud', test: (p, home) => under(p, `${home ?? '\0'}/.config/gcloud`) || /(^|\/)\.config\/gcloud(\/|$)/i.test(p) },
  { rule: '/etc/', test: (p) => under(p, '/etc') },
  { rule: '/proc/', test: (p) => under(p, '/proc') },
  { rule: '/sys/', test: (p) => under(p, '/sys') },
  // ^[a-z]:/windows/system32 — any drive letter, case-insensitive as Windows is
  { rule: 'C:\\Windows\\System32\\', test: (p) => /^[a-z]:\/windows\/system32(\/|$)/i.test(p) },
  // ^/$ or ^[a-z]:/?$ — a bare filesystem root
  { rule: 'filesystem root', test: (p) => /^(\/|[a-z]:\/?)$/i.test(p) },
];

export function restrictedMessage(path: string): string {
  return `Security: path ${path} is restricted. kb-portal only loads project folders.`;
}

/** Check an absolute path; `home` (when known) also catches `~/.aws` and `~/.config/gcloud` by prefix. */
export function checkPathSecurity(absPath: string, home?: string): SecurityVerdict {
  const p = absPath.replace(/\\/g, '/');
  const lower = p.toLowerCase();
  const keyword = KEYWORDS.find((k) => lower.includes(k));
  if (keyword) return { ok: false, rule: keyword, message: restrictedMessage(absPath) };
  const homeSlash = home?.replace(/\\/g, '/').replace(/\/+$/, '');
  const prefix = PREFIXES.find((r) => r.test(p, homeSlash));
  if (prefix) return { ok: false, rule: prefix.rule, message: restrictedMessage(absPath) };
  return { ok: true };
}

function under(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}
