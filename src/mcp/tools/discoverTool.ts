import { discoverForTask } from '../../node/discover/discoverForTask.js';
import type { Args, discoverInput } from '../toolDefinitions.js';
import { single, type AnswerFn } from './kbTool.js';

/** `discover` (local mode only): path-context discovery as `kb discover` runs it: the annotated files, then its JSON. */
export const answerDiscover: AnswerFn<Args<typeof discoverInput>> = async (_snapshot, args, ctx) => {
  const task = args.task.trim();
  if (!task) throw new Error('task is empty: discovery ranks files for a task.');
  if (!ctx.kbDir) throw new Error('discover reads codebases on this machine: start kb mcp with --kb DIR.');
  const output = discoverForTask({ refs: args.paths, task, cwd: ctx.cwd, kbDir: ctx.kbDir });
  const text = [...output.warnings.map((w) => `Warning: ${w}`), ...(output.text ? [output.text] : [])].join('\n\n');
  return single([text, JSON.stringify(output.json, null, 2)], { isError: output.failed });
};
