import { packRequestSchema } from '../../core/context/packTypes.js';
import type { Args, contextInput } from '../toolDefinitions.js';
import { single, type AnswerFn } from './kbTool.js';

/** `context`: the task-context pack `kb context --json` builds for the same request, its Markdown first. */
export const answerContext: AnswerFn<Args<typeof contextInput>> = async (snapshot, args, ctx) => {
  // The request kb context builds from its flags (an empty repo or project is no repo or project).
  const parsed = packRequestSchema.safeParse({
    task: args.task ?? '',
    ...(args.note ? { note: args.note } : {}),
    ...(args.repo ? { repo: args.repo } : {}),
    ...(args.project ? { project: args.project } : {}),
    ...(args.include ? { include: args.include } : {}),
    ...(args.maxTokens !== undefined ? { maxTokens: args.maxTokens } : {}),
    ...(words(args.terms).length ? { terms: words(args.terms) } : {}),
    ...(words(args.tags).length ? { tags: words(args.tags) } : {}),
    ...(args.lang?.trim() ? { lang: args.lang.trim() } : {}),
    today: ctx.today,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${String(issue.path[0] ?? 'request')}: ${issue.message}`);
  }
  const note = parsed.data.note;
  if (note !== undefined && !snapshot.index.notes.some((n) => n.path === note))
    throw new Error(
      `note: no note at ${note}; give a path as query, search and context list them, e.g. ${snapshot.index.notes[0]?.path ?? 'decisions/001-example.md'}`,
    );
  const pack = await snapshot.contextPack(parsed.data);
  return single([pack.contextPackMarkdown, JSON.stringify(pack, null, 2)]);
};

/** A list argument's non-empty items, trimmed. */
function words(list: readonly string[] | undefined): string[] {
  return (list ?? []).map((w) => w.trim()).filter(Boolean);
}
