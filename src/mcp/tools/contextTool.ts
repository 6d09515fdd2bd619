import { packOptions, packRequestSchema, type PackRequest } from '../../core/context/packTypes.js';
import { readToolArgs } from '../../core/options/toolFace.js';
import type { Args, contextInput } from '../toolDefinitions.js';
import { single, type AnswerFn } from './kbTool.js';

/** `context`: the task-context pack `kb context --json` builds for the same request, its Markdown first. */
export const answerContext: AnswerFn<Args<typeof contextInput>> = async (snapshot, args, ctx) => {
  const request = packRequestFromTool(args, ctx.today);
  const note = request.note;
  if (note !== undefined && !snapshot.index.notes.some((n) => n.path === note))
    throw new Error(
      `note: no note at ${note}; give a path as query, search and context list them, e.g. ${snapshot.index.notes[0]?.path ?? 'decisions/001-example.md'}`,
    );
  const pack = await snapshot.contextPack(request);
  return single([pack.contextPackMarkdown, JSON.stringify(pack, null, 2)]);
};

/**
 * The request kb context builds from its flags, from the tool's arguments: every field of a pack request the tool
 * takes (packTypes.ts), an empty text left out (an empty repo or project is no repo or project), checked by the
 * request's schema, with the server's date.
 */
export function packRequestFromTool(args: Readonly<Record<string, unknown>>, today: string): PackRequest {
  const parsed = packRequestSchema.safeParse({ ...readToolArgs(packOptions, args), today });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${String(issue.path[0] ?? 'request')}: ${issue.message}`);
  }
  return parsed.data;
}
