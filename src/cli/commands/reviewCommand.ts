import { knowledgeReviewSchema } from '../../core/review/reviewSchema.js';
import { renderReviewMarkdown } from '../../core/review/renderReviewMarkdown.js';
import { ReviewBaseError } from '../../node/review/resolveReviewBase.js';
import { reviewFolder } from '../../node/review/reviewFolder.js';
import { z } from 'zod';
import { defineOptions } from '../../core/options/defineOptions.js';
import { flagHelp, flagOf, flagsOf, optionalUsage, withHelp } from '../../core/options/flagFace.js';
import { allowSecretsFrom, askedKbDir, CLI_ONLY, cliOptions, existingKbDir, indexCacheFrom, readCommandFlags, todayFrom } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';

/** `kb review`'s own flags. */
const reviewCli = defineOptions({
  /** The commit to compare with. Default: the merge base of HEAD and the default branch. */
  base: {
    schema: z.string().optional(),
    kind: 'text',
    flag: {
      value: 'REF',
      help: [
        'the commit to compare with (default: the merge base of HEAD and the default branch:',
        'origin/HEAD, else origin/main, origin/master, main, master)',
      ],
    },
    tool: CLI_ONLY,
    form: CLI_ONLY,
  },
  /** Exit 1 when the change brings in a problem. Default: false. */
  strict: { schema: z.boolean().default(false), kind: 'switch', flag: { help: 'exit 1 when the change brings in a problem' }, tool: CLI_ONLY, form: CLI_ONLY },
});

const FLAGS = [
  ...flagsOf(reviewCli),
  flagOf(cliOptions, 'kb'),
  withHelp(flagOf(cliOptions, 'today'), 'the date ages are counted to, on both sides (default: KB_TODAY, else today)'),
  withHelp(flagOf(cliOptions, 'json'), 'the review as JSON'),
  flagOf(cliOptions, 'allowSecrets'),
  flagOf(cliOptions, 'noCache'),
];

export const HELP = `Usage: kb review ${optionalUsage(FLAGS)}

What a change to a knowledge folder in git does for readers and agents: the folder in the working tree against
the same folder at REF. Configured packs whose citations, tokens or confidence change, tag and alias pages whose
lists change, notes added and removed, and what the change brings in: broken links, untagged notes, credentials
(redacted, or allowed by secrets.allow), stale or deprecated notes a pack still cites. Markdown for a pull-request
comment (counts first); the working tree is never touched.

${flagHelp(FLAGS)}

Exit: 0 reviewed (also with problems, unless --strict), 1 problems found with --strict, 2 usage error, no such
folder, no such REF, or a folder outside git.`;

/** `kb review`: the pull-request comment (or its JSON) for the working tree against REF. */
export function run(argv: string[], io: Io): number {
  const { options: values } = readCommandFlags('review', argv, FLAGS, reviewCli, false);
  if (values.base !== undefined && values.base.trim() === '')
    throw usageError('review', '--base is empty: give a branch, tag or commit, e.g. --base origin/main');
  const today = todayFrom(values.today, io, 'review');
  const kbDir = existingKbDir(values.kb, io);
  const cacheDir = indexCacheFrom(values.noCache, kbDir, io);
  let review;
  try {
    review = reviewFolder(kbDir, {
      base: values.base,
      today,
      allowSecrets: allowSecretsFrom(values.allowSecrets, io),
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
