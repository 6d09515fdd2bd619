/**
 * Rules whose findings may be documentation rather than a credential: a password inside a URL or a
 * connection string. Token rules (AWS, GitHub, Slack, JWTs, …) match formats no placeholder has, so their
 * findings are treated as real, except for the few below.
 */
const GENERIC_RULES = new Set(['basicauth', 'database-connection-string']);

/**
 * Token rules whose shape a placeholder can fill (`sk_test_xxxxxxxxxxxxxxxxxxxxxxxx`, `AIzaSyXXXXXXXX…`, a PEM
 * block of `xxxx` lines): one character six times in a row, which a random key of this size all but never has. `A`
 * is left out (a DER or OpenSSH key's zero bytes), and so is the PEM armour's `-----`.
 */
const FILLABLE_RULES = new Set(['stripe', 'google-api-key', 'privatekey']);
const FILLED = /([B-Za-z1-9+/_])\1{5,}/;

/**
 * `scheme://user:password@host`, read the way the two generic rules match it:
 * ([a-z][\w+.-]*) scheme · :// · ([^:@/\s]*) user · : · ([^@\s]*) password (up to the first `@`: a password holding
 * one is read short, which errs towards redacting) · @ · (\[…\] | [^/:?#\s]*) host, an IPv6 one in brackets
 */
const CREDENTIAL_URL = /^([a-z][\w+.-]*):\/\/([^:@/\s]*):([^@\s]*)@(\[[^\]\s]*\]|[^/:?#\s]*)/i;

/** Hosts that only ever mean "this machine" (a developer's laptop, a container's own port). */
const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0|host\.docker\.internal)$/i;

/** A value wrapped as a slot to fill in: <password>, {password}, ${VAR}, $(cmd), {{ var }}, %VAR%, [password], $VAR. */
const SLOT = /^(<[^<>]*>|\{[^{}]*\}|\$\{[^{}]*\}|\$\([^()]*\)|\{\{.*\}\}|%[^%]+%|\[[^[\]]*\]|\$[A-Za-z_]\w*)$/;

/** Words a value is made of when it spells out what it stands for (`a-secret-password`, `your-token-here`) or is a dev default. */
const PLACEHOLDER_WORDS = new Set(
  (
    'a an the my your our some this that here goes insert replace enter fill put ' +
    'secret secrets password passwd pass pwd pw passphrase token key apikey api access auth credential credentials ' +
    'user username login name value string db database host server ' +
    'example sample dummy fake placeholder changeme change me redacted hidden masked todo tbd xxx foo bar baz ' +
    'postgres postgresql mysql mongo root admin guest test demo default'
  ).split(' '),
);

/**
 * Why a finding looks like a placeholder or a local dev default rather than a credential, or undefined
 * when it looks real. `value` is the text the rule matched.
 */
export function placeholderReason(rule: string, value: string): string | undefined {
  if (FILLABLE_RULES.has(rule)) return FILLED.test(value) ? 'one character repeats, as in a placeholder' : undefined;
  if (!GENERIC_RULES.has(rule)) return undefined;
  const m = CREDENTIAL_URL.exec(value);
  if (!m) return undefined;
  const password = m[3]!;
  const host = m[4]!;
  if (LOOPBACK.test(host)) return `the host is ${host}, this machine`;
  if (looksLikePlaceholder(password)) return 'the password is a placeholder';
  return undefined;
}

/** A password that is empty, a slot to fill in, one character repeated 3+ times (`xxxx`, `****`), or spelled out in placeholder words. */
export function looksLikePlaceholder(password: string): boolean {
  let value = password;
  try {
    value = decodeURIComponent(password); // `%3Cpassword%3E` is `<password>`
  } catch {
    // not percent-encoded text: read as written
  }
  value = value.trim();
  if (value === '' || SLOT.test(value)) return true;
  const bare = value.replace(/[-_.\s…]/g, '').toLowerCase();
  if (bare === '' || /^(.)\1{2,}$/.test(bare)) return true;
  // Words: split at separators and lower→upper case changes (`yourTokenHere`); every one must be a placeholder word.
  const words = value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  return words.length > 0 && words.every((w) => PLACEHOLDER_WORDS.has(w) || /^x{3,}$/.test(w));
}
