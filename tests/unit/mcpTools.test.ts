// `kb mcp` over a knowledge folder: every tool answers what the CLI's --json answers for the same inputs (the
// same bytes), bad input is a tool error with a clear message, and the resources and the prompt are served.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT, fixture, tempDir } from './foundationSupport.js';
import { cli, startServer, texts, TODAY, type Server } from './mcpSupport.js';

let server: Server;
beforeAll(async () => {
  server = await startServer(['--kb', CONTENT, '--today', TODAY]);
}, 120_000);

describe('kb mcp: the tools a client lists', () => {
  it('names, in order, with zod-made JSON Schema inputs and read-only hints', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['query', 'search', 'context', 'read_note', 'list_tags', 'discover']);
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('query')!.inputSchema.required).toEqual(['tags']);
    // A task or a note (a page pack); the tool says which is missing (contextTool.ts).
    expect(byName.get('context')!.inputSchema.required).toBeUndefined();
    expect(Object.keys(byName.get('context')!.inputSchema.properties ?? {})).toEqual([
      'task',
      'note',
      'repo',
      'project',
      'include',
      'maxTokens',
      'terms',
      'tags',
      'lang',
      'cursor',
    ]);
    expect(byName.get('read_note')!.inputSchema.required).toEqual(['path']);
    expect(byName.get('discover')!.inputSchema.required).toEqual(['paths', 'task']);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(80);
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
  });
});

describe.each([
  ['an alias', 'rn'],
  ['an intersection', 'api AND pagination'],
  ['a project key (artifacts, ideas)', 'pay'],
  ['no match (the vocabulary)', 'graphql'],
])('query: %s', (_rule, tags) => {
  it('the JSON block is kb query --json; the text block is its text with read_note for --load', async () => {
    const result = await server.call('query', { tags });
    const [text, json] = texts(result);
    expect(result.isError).toBeFalsy();
    expect(json).toBe((await cli(['query', ...tags.split(' '), '--kb', CONTENT, '--today', TODAY, '--json'])).out);
    const plain = (await cli(['query', ...tags.split(' '), '--kb', CONTENT, '--today', TODAY])).out;
    expect(text).toBe(plain.replace(/^Load which files\? .*$/m, 'Open a file with read_note (its path as listed; ideas are not notes).'));
  });
});

describe.each([
  ['a keyword', { keyword: 'webhook' }, ['webhook']],
  ['a tag and a keyword', { tag: 'api', keyword: 'cursor' }, ['--tag', 'api', 'cursor']],
  ['a facet only (every note)', { tag: 'API' }, ['--tag', 'API']],
  ['a category and a tag', { category: 'performance-issues', tag: 'postgres' }, ['--category', 'performance-issues', '--tag', 'postgres']],
  ['a value outside the vocabulary', { tag: 'n+1' }, ['--tag', 'n+1']],
  ['a keyword with two spaces, kept as one phrase', { keyword: 'retry  budget' }, ['retry  budget']],
])('search: %s', (_rule, args, argv) => {
  it('is kb search --json, then its text', async () => {
    const [text, json] = texts(await server.call('search', args));
    expect(json).toBe((await cli(['search', ...argv, '--kb', CONTENT, '--json'])).out);
    // The CLI names the file of valid values where it wrote it; MCP names the file (list_tags lists the tags).
    expect(text).toBe(
      (await cli(['search', ...argv, '--kb', CONTENT])).out.replace(/^(No matches\. Valid values: )\S+\/(kb-(?:tags|categories)\.txt)$/m, '$1$2'),
    );
  });
});

describe.each([
  ['a repo', { task: 'Fix duplicate Stripe webhook deliveries', repo: 'payments-api' }, ['--repo', 'payments-api']],
  [
    'a project, buckets and a budget',
    { task: 'Add cursor pagination to refunds', project: 'pay', include: ['decisions', 'pitfalls'], maxTokens: 3000 },
    ['--project', 'pay', '--include', 'decisions,pitfalls', '--max-tokens', '3000'],
  ],
  ['a budget over the cap (clamped, warned)', { task: 'Retry failed refunds offline', maxTokens: 50000 }, ['--max-tokens', '50000']],
  [
    "the agent's terms and tags",
    { task: 'Retry failed refunds offline', terms: ['idempotency key', 'webhook'], tags: ['stripe'] },
    ['--terms', 'idempotency key, webhook', '--tags', 'stripe'],
  ],
])('context: %s', (_rule, args, flags) => {
  it('the Markdown first, then kb context --json', async () => {
    const [markdown, json] = texts(await server.call('context', args));
    const expected = (await cli(['context', '--task', args.task, ...flags, '--kb', CONTENT, '--today', TODAY, '--json'])).out;
    expect(json).toBe(expected);
    expect(markdown).toBe(JSON.parse(expected).contextPackMarkdown);
  });
});

describe.each([
  ['a note', { note: 'decisions/005-cursor-pagination.md' }, ['--note', 'decisions/005-cursor-pagination.md']],
  [
    'a note and a task, in a smaller budget',
    { note: 'projects/pay/lessons/2026-08-double-refunds-postmortem.md', task: 'Retry failed refunds', maxTokens: 2000 },
    ['--note', 'projects/pay/lessons/2026-08-double-refunds-postmortem.md', '--task', 'Retry failed refunds', '--max-tokens', '2000'],
  ],
])('context for a page: %s', (_rule, args, flags) => {
  it('is kb context --note --json', async () => {
    const [markdown, json] = texts(await server.call('context', args));
    const expected = (await cli(['context', ...flags, '--kb', CONTENT, '--today', TODAY, '--json'])).out;
    expect(json).toBe(expected);
    expect(markdown).toBe(JSON.parse(expected).contextPackMarkdown);
  });
});

describe('context for a page that is not there', () => {
  it('says which path, and how paths are written', async () => {
    const result = await server.call('context', { note: 'decisions/no-such-note.md' });
    expect(result.isError).toBe(true);
    expect(texts(result).join('\n')).toMatch(/note: no note at decisions\/no-such-note\.md; give a path as query, search and context list them/);
  });
});

describe('discover (local mode)', () => {
  it('is kb discover --json, after the annotated files', async () => {
    const task = 'fix duplicate webhook refunds';
    const result = await server.call('discover', { paths: ['payments-api'], task });
    const [text, json] = texts(result);
    expect(result.isError).toBeFalsy();
    expect(json).toBe((await cli(['discover', 'payments-api', '--task', task, '--kb', CONTENT, '--json'])).out);
    expect(text).toBe((await cli(['discover', 'payments-api', '--task', task, '--kb', CONTENT])).out);
  });
  it('refuses a restricted path with the security message, as a tool error', async () => {
    const result = await server.call('discover', { paths: ['~/.ssh'], task: 'read keys' });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/^Warning: Security: path .*\.ssh is restricted\. kb-portal only loads project folders\./);
    expect(texts(result)[1]).toBe((await cli(['discover', '~/.ssh', '--task', 'read keys', '--kb', CONTENT, '--json'])).out);
  });
});

describe('read_note', () => {
  it('is the published .md (normalised frontmatter, body), then facts with backlinks', async () => {
    const [markdown, json] = texts(await server.call('read_note', { path: 'decisions/005-cursor-pagination.md' }));
    expect(markdown).toMatch(
      /^---\ntitle: "ADR 005: Cursor pagination for all list endpoints"\n[\s\S]*\nsource: "decisions\/005-cursor-pagination.md"\n---\n\n/,
    );
    const facts = JSON.parse(json!);
    expect(facts).toMatchObject({
      path: 'decisions/005-cursor-pagination.md',
      type: 'decision',
      status: 'active',
      tags: ['api', 'pagination', 'performance', 'postgres'],
    });
    expect(facts.headings).toContain('## Decision');
    expect(facts.backlinks.map((b: { path: string }) => b.path)).toEqual([
      'projects/mobile/lessons/refunds-missing-after-sync.md',
      'projects/pay/patterns/cursor-encoding.md',
    ]);
  });
  it('one section: its heading to the next of its level, frontmatter kept', async () => {
    const whole = texts(await server.call('read_note', { path: 'decisions/005-cursor-pagination.md' }))[0]!;
    const [section, json] = texts(await server.call('read_note', { path: './decisions/005-cursor-pagination.md', section: '## decision' }));
    expect(section).toMatch(/^---\n[\s\S]*\n---\n\n## Decision\n/);
    expect(whole).toContain(section!.slice(section!.indexOf('## Decision')).trimEnd());
    expect(section).not.toContain('## Consequences');
    expect(JSON.parse(json!).section).toBe('## decision');
  });
});

describe.each([
  ['query: no tag', 'query', { tags: '   ' }, 'tags holds no tag. Usage: kb query <tag1> [tag2] [AND tag3]'],
  ['search: nothing to search', 'search', { tag: '' }, 'Give a keyword, a tag or a category, none of them empty. Usage: kb search'],
  ['context: an empty task', 'context', { task: '  ' }, 'task: the task is empty'],
  ['context: neither a task nor a note', 'context', {}, 'task: the task is empty'],
  ['read_note: an unknown path', 'read_note', { path: 'decisions/999-nope.md' }, 'decisions/999-nope.md: no such note in the knowledge base.'],
  ['read_note: a path outside the folder', 'read_note', { path: '../../etc/passwd' }, '../../etc/passwd is outside the knowledge folder'],
  ['read_note: an absolute path outside', 'read_note', { path: '/etc/passwd' }, '/etc/passwd is outside the knowledge folder'],
  ['read_note: an unknown section', 'read_note', { path: 'decisions/005-cursor-pagination.md', section: 'Nope' }, 'has no section "Nope". Its headings: '],
  ['discover: an empty task', 'discover', { paths: ['payments-api'], task: ' ' }, 'task is empty'],
  ['a cursor this server never issued', 'query', { tags: 'api', cursor: 'bogus' }, 'cursor "bogus" is not a cursor this server issued'],
  ['input the schema refuses', 'context', { task: 'x', include: ['gossip'] }, 'Input validation error'],
])('errors: %s', (_rule, tool, args, message) => {
  it('is an MCP tool error with a clear message; the server keeps serving', async () => {
    const result = await server.call(tool, args);
    expect(result.isError).toBe(true);
    expect(texts(result).join('\n')).toContain(message);
    expect(texts(await server.call('query', { tags: 'rn' }))[0]).toContain('Found 3 files');
  });
});

describe('read_note: notes held back', () => {
  let priv: Server;
  beforeAll(async () => {
    priv = await startServer(['--kb', fixture('private-notes'), '--today', TODAY]);
  }, 120_000);
  it.each([
    ['private by config', 'guides/internal/salaries.md', 'guides/internal/salaries.md is not published (private: kb.config.yaml)'],
    ['private in its frontmatter', 'guides/private.md', 'guides/private.md is not published (draft or private in its frontmatter)'],
    ['a draft', 'guides/draft.md', 'guides/draft.md is not published'],
  ])('%s: a clear error', async (_rule, path, message) => {
    const result = await priv.call('read_note', { path });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toContain(message);
  });
  it('a published note next to them reads', async () => {
    expect((await priv.call('read_note', { path: 'guides/public.md' })).isError).toBeFalsy();
  });
});

describe('list_tags', () => {
  it.each([
    ['every tag', {}, { tag: 'postgres', aliases: ['pg', 'postgresql'] }, 'pay'],
    ['a prefix matches tags and aliases', { prefix: 'K8' }, { tag: 'kubernetes', aliases: ['k8s', 'kube'] }, undefined],
  ])('%s', async (_rule, args, known, project) => {
    const [text, json] = texts(await server.call('list_tags', args));
    const lists = JSON.parse(json!);
    expect(lists.knownTags).toContainEqual({ ...known, count: expect.any(Number) });
    expect(lists.knownTags.find((k: { tag: string }) => k.tag === known.tag).count).toBeGreaterThan(0);
    expect(lists.projects.map((p: { key: string }) => p.key).includes('pay')).toBe(project === 'pay');
    expect(text).toContain(`- ${known.tag} (`);
  });
  it('counts the notes that carry each tag', async () => {
    const lists = JSON.parse(texts(await server.call('list_tags', { prefix: 'stripe' }))[1]!);
    const hits = JSON.parse((await cli(['search', '--tag', 'stripe', '--kb', CONTENT, '--json'])).out);
    expect(lists.knownTags).toEqual([{ tag: 'stripe', aliases: [], count: hits.total }]);
  });
});

describe('resources and the prompt', () => {
  it('kb://index.md is index.md as kb index writes it', async () => {
    const out = tempDir();
    await cli(['index', '--kb', CONTENT, '--out', out]);
    const res = await server.client.readResource({ uri: 'kb://index.md' });
    expect(res.contents[0]).toMatchObject({ uri: 'kb://index.md', mimeType: 'text/markdown', text: readFileSync(join(out, 'index.md'), 'utf8') });
  });
  it('kb://packs/<slug> for every configured pack, as kb pack writes it', async () => {
    const { resources } = await server.client.listResources();
    const packs = resources.filter((r) => r.uri.startsWith('kb://packs/'));
    expect(packs.map((r) => r.uri)).toContain('kb://packs/project-pay');
    const out = tempDir();
    await cli(['pack', '--kb', CONTENT, '--out', out, '--today', TODAY]);
    expect(packs.map((r) => `${r.name}.md`).sort()).toEqual(
      readdirSync(out)
        .filter((f) => f.endsWith('.md'))
        .sort(),
    );
    for (const r of packs.slice(0, 2))
      expect((await server.client.readResource({ uri: r.uri })).contents[0]).toMatchObject({ text: readFileSync(join(out, `${r.name}.md`), 'utf8') });
  });
  it('the context prompt carries the pack for a task', async () => {
    const { prompts } = await server.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['context']);
    const prompt = await server.client.getPrompt({ name: 'context', arguments: { task: 'Fix duplicate Stripe webhook deliveries', repo: 'payments-api' } });
    const pack = JSON.parse(
      (await cli(['context', '--task', 'Fix duplicate Stripe webhook deliveries', '--repo', 'payments-api', '--kb', CONTENT, '--today', TODAY, '--json'])).out,
    );
    const message = prompt.messages[0]!.content;
    expect(message.type === 'text' && message.text.endsWith(pack.contextPackMarkdown)).toBe(true);
    expect(message.type === 'text' && message.text).toContain('look at list_tags');
  });
  it('the context prompt passes its terms on, as kb context --terms does', async () => {
    const task = 'Retry failed refunds offline';
    const prompt = await server.client.getPrompt({ name: 'context', arguments: { task, terms: 'idempotency key, webhook' } });
    const pack = JSON.parse((await cli(['context', '--task', task, '--terms', 'idempotency key, webhook', '--kb', CONTENT, '--today', TODAY, '--json'])).out);
    const message = prompt.messages[0]!.content;
    expect(message.type === 'text' && message.text.endsWith(pack.contextPackMarkdown)).toBe(true);
  });
});
