import { buildContextPack } from '../../core/context/buildContextPack.js';
import { packRequestSchema } from '../../core/context/packTypes.js';
import { digestsFor } from '../../node/context/digestsFor.js';
import { loadPackInputs } from '../../node/context/loadPackInputs.js';
import { CACHE_FLAG, indexCacheFrom, kbDirFrom, parseFlags, todayFrom } from '../flags.js';
import { EXIT, UsageError, type Io } from '../io.js';

const USAGE =
  'Usage: kb context --task "…" [--repo ALIAS] [--project KEY] [--include decisions,lessons,patterns,pitfalls] [--max-tokens N] [--kb DIR] [--today YYYY-MM-DD] [--json] [--no-cache]';

/** `kb context`: print the task-context pack (Markdown, or the ContextPack with --json). */
export function run(argv: string[], io: Io): number {
  const { values, positionals } = parseFlags(
    argv,
    {
      task: { type: 'string' },
      repo: { type: 'string' },
      project: { type: 'string' },
      include: { type: 'string' },
      'max-tokens': { type: 'string' },
      kb: { type: 'string' },
      today: { type: 'string' },
      json: { type: 'boolean' },
      ...CACHE_FLAG,
    },
    USAGE,
  );
  const maxTokens = values['max-tokens'];
  const parsed = packRequestSchema.safeParse({
    task: values.task ?? positionals.join(' '),
    ...(values.repo ? { repo: values.repo } : {}),
    ...(values.project ? { project: values.project } : {}),
    ...(values.include
      ? {
          include: values.include
            .split(',')
            .map((b) => b.trim())
            .filter(Boolean),
        }
      : {}),
    ...(maxTokens !== undefined ? { maxTokens: /^\d+$/.test(maxTokens) ? Number(maxTokens) : maxTokens } : {}),
    today: todayFrom(values.today, io),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag = { task: '--task', include: '--include', maxTokens: '--max-tokens' }[String(issue.path[0])] ?? String(issue.path[0] ?? '');
    throw new UsageError(`kb context: ${flag} ${issue.message}\n${USAGE}`);
  }
  const kbDir = kbDirFrom(values.kb, io);
  const inputs = loadPackInputs(kbDir, { cacheDir: indexCacheFrom(values['no-cache'], kbDir, io) });
  const { digests, warnings } = digestsFor(kbDir, inputs.index, parsed.data, { home: io.env.HOME ?? '', cwd: io.cwd });
  const pack = buildContextPack(inputs.data, parsed.data, digests);
  pack.warnings.unshift(...inputs.warnings, ...warnings);
  if (values.json) io.out(JSON.stringify(pack, null, 2));
  else {
    for (const w of pack.warnings) io.err(`warning: ${w}`);
    io.out(pack.contextPackMarkdown);
  }
  return EXIT.ok;
}
