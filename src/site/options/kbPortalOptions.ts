// The options of the kbPortal() Astro integration: one zod schema, parsed once. Every field says its default.
// kb.config.yaml (in the knowledge folder) supplies title, site URL and base when these are not given
// (resolveKbPortal.ts); the CLI and the build wrapper map their flags and KB_* variables here
// (src/node/kbEnvironment.ts).
import { z } from 'zod';
import { publishedUrl } from '../../core/config/kbConfigSchema.js';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const urlPath = z
  .string()
  .transform((p) => `/${p.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/'))
  .refine((p) => !/[?#\\]/.test(p), 'must be a plain URL path such as /kb/');

export const kbPortalOptionsSchema = z
  .object({
    /** The knowledge folder, relative to the Astro project's root or absolute. Default `content`. */
    kb: z.string().min(1).default('content'),
    /** URL path the portal's pages mount under, inside the site's base: `/` (default) or e.g. `/kb/`. */
    prefix: urlPath.default('/'),
    /** Site title. Default: kb.config.yaml `title`, else "Knowledge base". */
    title: z.string().min(1).optional(),
    /**
     * Base path of the whole site (Astro's `base`), when the portal is the whole site (prefix `/`). Default:
     * kb.config.yaml `site.base`. An Astro config's own `base` wins; inside a host site the host's base is used.
     */
    base: urlPath.optional(),
    /** Public origin (Astro's `site`), e.g. https://wiki.example.com. Default: kb.config.yaml `site.url`. */
    site: publishedUrl('the site URL').optional(),
    /** "Edit this note" links: each note's path resolved against this URL. Default: kb.config.yaml `site.editUrl`, else none. */
    editUrl: publishedUrl('the edit URL').optional(),
    /** The build's "today" (YYYY-MM-DD) for ages and staleness. Default: the clock's date in UTC. */
    today: isoDay.optional(),
    /** Warnings (broken YAML, secrets, broken links) stop the build. Default false. */
    strict: z.boolean().default(false),
    /** Keep raw HTML in `.md` notes as written instead of sanitising it. Default false. */
    trustHtml: z.boolean().default(false),
    /** Publish notes that hold what looks like a credential (each with a warning). Default false. */
    allowSecrets: z.boolean().default(false),
    /** Note pages per Pagefind shard. Default: 1,000, growing to at most 4,000 when there would be more than 20 shards. */
    searchShardPages: z.number().int().positive().optional(),
    /** Threads that render Markdown. Default: one per core; one below 200 notes (none when `renderDeadlineMs` is 0). */
    renderWorkers: z.number().int().nonnegative().optional(),
    /**
     * Milliseconds one note may render before its worker is stopped and the note is published as its Markdown in
     * plain text, with a warning. Default 10,000; 0: no deadline (small folders then render in the build's thread).
     */
    renderDeadlineMs: z.number().int().nonnegative().default(10_000),
    /** Folder of the build caches (note HTML, index, pack data, Pagefind shards, page manifests). Default `.kb-build/cache`. */
    cacheDir: z.string().min(1).default('.kb-build/cache'),
    /**
     * A previous build's output folder: pages whose inputs did not change are linked from it instead of
     * rendered. Default: none (every page is rendered). `npm run build` sets it to its `--out` folder.
     */
    reuseFrom: z.string().min(1).optional(),
    /** Render every page even when `reuseFrom` holds a previous build (the next build can still reuse this one's). Default false. */
    full: z.boolean().default(false),
    /** List every route in the build log. Default false (phases and counts only). */
    verbose: z.boolean().default(false),
  })
  .strict();

/** What a site author writes: `kbPortal({ kb: './knowledge', prefix: '/kb/' })`. */
export type KbPortalOptionsInput = z.input<typeof kbPortalOptionsSchema>;
/** The options after defaults and normalisation. */
export type KbPortalOptions = z.output<typeof kbPortalOptionsSchema>;

/** Parses the options, or throws an error that names each bad key. */
export function parseKbPortalOptions(input: unknown): KbPortalOptions {
  const parsed = kbPortalOptionsSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `kbPortal(): ${i.path.join('.') || '(options)'}: ${i.message}`);
  throw new Error(lines.join('\n'));
}
