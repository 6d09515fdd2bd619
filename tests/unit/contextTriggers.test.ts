import { describe, expect, it } from 'vitest';
import { taskTriggers } from '../../src/core/context/taskTriggers.js';

describe.each([
  { task: 'Fix the login bug in ~/code/shop', paths: ['~/code/shop'], aliases: [] },
  { task: 'Refactor /srv/app/api, then test.', paths: ['/srv/app/api'], aliases: [] },
  { task: 'Port C:\\work\\billing to the new SDK', paths: ['C:\\work\\billing'], aliases: [] },
  { task: '@context payments-api add refunds', paths: [], aliases: ['payments-api'] },
  { task: 'Use `/etc/hosts` as in the docs', paths: [], aliases: [] },
  { task: 'The error says "cannot open /var/data/x" again', paths: [], aliases: [] },
  { task: '```\ncat /srv/secret\n@context other\n```\nfix it', paths: [], aliases: [] },
  { task: '> @context quoted /srv/q\nreal @context mine', paths: [], aliases: ['mine'] },
  { task: 'read/write and and/or are not paths; https://x.io/y is a URL', paths: [], aliases: [] },
])('taskTriggers($task)', ({ task, paths, aliases }) => {
  it('names the codebases outside code and quotes', () => expect(taskTriggers(task)).toEqual({ paths, aliases }));
});
