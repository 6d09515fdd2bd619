// The one place kb-portal reads KB_* environment variables. The CLI (under its flags) and this repo's astro.config.mjs
// call these functions; every other module takes typed options. Nothing writes them: no option is handed on through
// the environment.
import { z } from 'zod';
import type { KbPortalOptionsInput } from '../site/options/kbPortalOptions.js';

const flag = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');
const count = (name: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || /^\d+$/.test(v), `${name} must be a whole number`)
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));
const text = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Every KB_* variable and what it means; unset means the option's default. */
export const kbEnvironmentSchema = z.object({
  /** The knowledge folder (`--kb`). */
  KB_DIR: text,
  /** "Today" as YYYY-MM-DD (`--today`). */
  KB_TODAY: text.refine((v) => v === undefined || /^\d{4}-\d{2}-\d{2}$/.test(v), 'KB_TODAY must be YYYY-MM-DD'),
  /** `1`: the CLI keeps no index cache (`--no-cache`). */
  KB_NO_CACHE: flag,
  /** `1`: publish notes holding credentials, with a warning (`--allow-secrets`). */
  KB_ALLOW_SECRETS: flag,
  /** `1`: keep raw HTML in notes as written (`--trust-html`). */
  KB_TRUST_HTML: flag,
  /** `1`: warnings stop the build (`--strict`). */
  KB_STRICT: flag,
  /** Base path of the site (`--base`). */
  KB_SITE_BASE: text,
  /** The site's language, a BCP 47 tag (`--locale`). */
  KB_LOCALE: text,
  /** Build cache folder (default `.kb-build/cache`). */
  KB_CACHE_DIR: text,
  /** Note pages per Pagefind shard. */
  KB_SEARCH_SHARD_PAGES: count('KB_SEARCH_SHARD_PAGES'),
  /** Markdown render threads. */
  KB_RENDER_WORKERS: count('KB_RENDER_WORKERS'),
  /** Milliseconds one note may render before it is published as text; `0`: no deadline. */
  KB_RENDER_DEADLINE_MS: count('KB_RENDER_DEADLINE_MS'),
  /** A previous output folder to keep unchanged pages from (set by `npm run build`). */
  KB_REUSE_FROM: text,
  /** `1`: render every page, ignoring `KB_REUSE_FROM`'s previous pages (`--full`). */
  KB_FULL: flag,
  /** `1`: list every route in the build log (`--verbose`). */
  KB_VERBOSE: flag,
});
export type KbEnvironment = z.output<typeof kbEnvironmentSchema>;

/** Reads the KB_* variables of `env`; a malformed value throws an error naming the variable. */
export function readKbEnvironment(env: Readonly<Record<string, string | undefined>>): KbEnvironment {
  const picked = Object.fromEntries(Object.keys(kbEnvironmentSchema.shape).map((k) => [k, env[k]]));
  const parsed = kbEnvironmentSchema.safeParse(picked);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
}

/** The kbPortal() options the KB_* variables describe (this repo's astro.config.mjs uses it). */
export function kbPortalOptionsFromEnvironment(env: Readonly<Record<string, string | undefined>>): KbPortalOptionsInput {
  const e = readKbEnvironment(env);
  return {
    ...(e.KB_DIR ? { kb: e.KB_DIR } : {}),
    ...(e.KB_TODAY ? { today: e.KB_TODAY } : {}),
    ...(e.KB_SITE_BASE ? { base: e.KB_SITE_BASE } : {}),
    ...(e.KB_LOCALE ? { locale: e.KB_LOCALE } : {}),
    ...(e.KB_CACHE_DIR ? { cacheDir: e.KB_CACHE_DIR } : {}),
    ...(e.KB_SEARCH_SHARD_PAGES ? { searchShardPages: e.KB_SEARCH_SHARD_PAGES } : {}),
    ...(e.KB_RENDER_WORKERS !== undefined ? { renderWorkers: e.KB_RENDER_WORKERS } : {}),
    ...(e.KB_RENDER_DEADLINE_MS !== undefined ? { renderDeadlineMs: e.KB_RENDER_DEADLINE_MS } : {}),
    ...(e.KB_REUSE_FROM ? { reuseFrom: e.KB_REUSE_FROM } : {}),
    strict: e.KB_STRICT,
    trustHtml: e.KB_TRUST_HTML,
    allowSecrets: e.KB_ALLOW_SECRETS,
    full: e.KB_FULL,
    verbose: e.KB_VERBOSE,
  };
}
