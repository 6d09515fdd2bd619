import { knowledgeReviewSchema } from '../../core/review/reviewSchema.js';
import { renderReviewMarkdown } from '../../core/review/renderReviewMarkdown.js';
import { ReviewBaseError } from '../../node/review/resolveReviewBase.js';
import { reviewFolder } from '../../node/review/reviewFolder.js';
import { CACHE_FLAG, allowSecretsFrom, askedKbDir, existingKbDir, indexCacheFrom, parseFlags, todayFrom } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';

export const HELP = `Usage: kb review [--base REF] [--strict] [--kb DIR] [--today YYYY-MM-DD] [--json] [--allow-secrets] [--no-cache]

What a change to a knowledge folder in git does for readers and agents: the folder in the working tree against
the same folder at REF. Configured packs whose citations, tokens or confidence change, tag and alias pages whose
lists change, notes added and removed, and what the change brings in: broken links, untagged notes, credentials
(redacted, or allowed by secrets.allow), stale or deprecated notes a pack still cites. Markdown for a pull-request
comment (counts first); the working tree is never touched.

  --base REF        the commit to compare with (default: the merge base of HEAD and the default branch:
                    origin/HEAD, else origin/main, origin/master, main, master)
  --strict          exit 1 when the change brings in a problem
  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --today DATE      the date ages are counted to, on both sides (default: KB_TODAY, else today)
  --json            the review as JSON
  --allow-secrets   do not redact credentials (or KB_ALLOW_SECRETS=1)
  --no-cache        do not read or write the index cache (or KB_NO_CACHE=1)

Exit: 0 reviewed (also with problems, unless --strict), 1 problems found with --strict, 2 usage error, no such
folder, no such REF, or a folder outside git.`;

/** `kb review`: the pull-request comment (or its JSON) for the working tree against REF. */
export function run(argv: string[], io: Io): number {
  const { values } = parseFlags(
    'review',
    argv,
    {
      base: { type: 'string' },
      strict: { type: 'boolean' },
      kb: { type: 'string' },
      today: { type: 'string' },
      json: { type: 'boolean' },
      'allow-secrets': { type: 'boolean' },
      ...CACHE_FLAG,
    },
    false,
  );
  if (values.base !== undefined && values.base.trim() === '')
    throw usageError('review', '--base is empty: give a branch, tag or commit, e.g. --base origin/main');
  const today = todayFrom(values.today, io, 'review');
  const kbDir = existingKbDir(values.kb, io);
  const cacheDir = indexCacheFrom(values['no-cache'], kbDir, io);
  let review;
  try {
    review = reviewFolder(kbDir, {
      base: values.base,
      today,
      allowSecrets: allowSecretsFrom(values['allow-secrets'], io),
      cacheDir,
      baseCacheDir: cacheDir === undefined ? undefined : `${cacheDir}-review-base`,
      folder: askedKbDir(values.kb, io),
      env: { home: io.env.HOME ?? '', cwd: io.cwd },
      warn: (line) => io.err(`warning: ${line}`),
    });
  } catch (err) {
    if (err instanceof ReviewBaseError) throw usageError('review', err.message);
    throw err;
  }
  io.out(values.json ? JSON.stringify(knowledgeReviewSchema.parse(review), null, 2) : renderReviewMarkdown(review));
  return values.strict && review.counts.problems > 0 ? EXIT.problems : EXIT.ok;
}
