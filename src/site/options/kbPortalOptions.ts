// The site's options: one zod schema, parsed once, for kbPortal() in an Astro config, for `kb build` and `kb dev`
// (their flags, SITE_OPTION_FLAGS below, and the KB_* variables, src/node/kbEnvironment.ts, map onto its fields) and
// for this repository's astro.config.mjs. Every field says its default. kb.config.yaml (in the knowledge folder)
// supplies title, site URL, base and edit URL when these are not given (resolvePortal.ts).
import { z } from 'zod';
import { localeTag, publishedUrl } from '../../core/config/kbConfigSchema.js';

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
    /**
     * The language the site's interface is in and notes are written in unless their `lang:` says otherwise, a BCP 47
     * tag (`de`, `ja`, `zh-CN`, `ar`). Default: kb.config.yaml `site.locale`, else `en`.
     */
    locale: localeTag.optional(),
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
    /** Note pages per Pagefind shard. Default: 250, growing to at most 4,000 when there would be more than 12 shards (searchShardPlan.ts). */
    searchShardPages: z.number().int().positive().optional(),
    /** Threads that render Markdown. Default: one per core; one below 200 notes (none when `renderDeadlineMs` is 0). */
    renderWorkers: z.number().int().nonnegative().optional(),
    /**
     * Milliseconds one note may render (of its worker thread's CPU time on Linux, else wall time: threadCpuClock.ts)
     * before its worker is stopped and the note is published as its Markdown in plain text, with a warning. Default
     * 10,000; 0: no deadline (small folders then render in the build's thread).
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

/** How an option is given to `kb build` and `kb dev` on the command line (its value's name, when it takes one). */
export interface SiteOptionFlag {
  flag: string;
  value?: string;
  help: string;
  /** The commands that take it (default both). */
  commands?: readonly ('build' | 'dev')[];
}

/** The options `kb build` and `kb dev` take as flags, named after the schema's fields (the others: kbPortal() and KB_*). */
export const SITE_OPTION_FLAGS = {
  kb: { flag: 'kb', value: 'DIR', help: 'the knowledge folder (default: KB_DIR, else content/)' },
  base: { flag: 'base', value: 'PATH', help: 'serve under a sub-path, e.g. /wiki/ (default: kb.config.yaml site.base, else /)' },
  today: { flag: 'today', value: 'DATE', help: 'the date ages and staleness are counted from (default: KB_TODAY, else today)' },
  locale: {
    flag: 'locale',
    value: 'TAG',
    help: "the interface's language and the notes' unless they say, e.g. de, ja (default: kb.config.yaml site.locale, else en)",
  },
  strict: { flag: 'strict', help: 'warnings (broken YAML, broken links, credentials) stop the build', commands: ['build'] },
  trustHtml: { flag: 'trust-html', help: "keep raw HTML in .md notes as written and run .mdx notes' JavaScript (or KB_TRUST_HTML=1)" },
  allowSecrets: { flag: 'allow-secrets', help: 'publish notes holding credentials as written, each with a warning (or KB_ALLOW_SECRETS=1)' },
  full: { flag: 'full', help: 'render every page, keeping nothing from the previous output', commands: ['build'] },
  verbose: { flag: 'verbose', help: 'list every route in the log', commands: ['build'] },
} as const satisfies { [K in keyof KbPortalOptions]?: SiteOptionFlag };
