import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { KbSource } from './kbSource.js';
import { TOOLS } from './toolDefinitions.js';
import type { ToolContext, ToolDefinition } from './tools/kbTool.js';

export interface ServerOptions {
  version: string;
  /** Per call: the date and where relative paths start. */
  context: () => ToolContext;
}

const INSTRUCTIONS = [
  "The team's knowledge base (decisions, lessons, patterns, pitfalls, guides). Before working on a task, look at list_tags and call",
  "context with the task and, as terms or tags, the folder's own words for it (its words rank notes higher, never filter them out);",
  'use query for notes by tag, search for keywords, read_note to open a path any of them lists (Further reading names the next ones).',
].join(' ');

/**
 * The MCP server over a knowledge source: the tools (query, search, context, read_note, list_tags, and discover
 * over a local folder), the resources kb://index.md and kb://packs/<slug>, and the `context` prompt.
 */
export function createKbServer(source: KbSource, options: ServerOptions): McpServer {
  const server = new McpServer({ name: 'kb-portal', version: options.version }, { instructions: INSTRUCTIONS });
  for (const tool of TOOLS as readonly ToolDefinition<z.ZodRawShape>[]) {
    if (tool.localOnly && source.mode !== 'local') continue;
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: { readOnlyHint: true, openWorldHint: false } },
      async (args: Record<string, unknown>) => (await import('./answerTool.js')).answerTool(tool, args, source, options.context()),
    );
  }

  server.registerResource(
    'index',
    'kb://index.md',
    { title: 'Knowledge index', description: 'index.md: every tag with its notes, projects and aliases, as kb index writes it.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await (await source.snapshot()).indexMd() }] }),
  );
  server.registerResource(
    'pack',
    new ResourceTemplate('kb://packs/{slug}', {
      list: async () => {
        const { configuredPacks } = await import('../core/context/configuredPacks.js');
        const packs = configuredPacks((await source.snapshot()).index);
        return { resources: packs.map((p) => ({ uri: `kb://packs/${p.slug}`, name: p.slug, title: p.title, mimeType: 'text/markdown' })) };
      },
    }),
    {
      title: 'Configured packs',
      description: 'The task-context packs kb.config.yaml configures (and one per project), as kb pack writes them.',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const slug = String(variables['slug']);
      const text = await (await source.snapshot()).packMarkdown(slug, options.context().today);
      if (text === undefined) throw new Error(`kb://packs/${slug}: no such pack; resources/list names the configured ones.`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
    },
  );

  server.registerPrompt(
    'context',
    {
      title: 'Load task context',
      description: "The team's knowledge for a task, as a context pack to work from.",
      argsSchema: {
        task: z.string().describe('The task in a sentence.'),
        repo: z.string().optional().describe('A registered codebase alias.'),
        project: z.string().optional().describe('A project key.'),
        terms: z.string().optional().describe("The folder's own words for the task, comma-separated (list_tags gives its tags): they rank notes higher."),
      },
    },
    async ({ task, repo, project, terms }) => {
      const { packRequestSchema } = await import('../core/context/packTypes.js');
      const words = (terms ?? '')
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean);
      const parsed = packRequestSchema.safeParse({
        task,
        ...(repo ? { repo } : {}),
        ...(project ? { project } : {}),
        ...(words.length ? { terms: words } : {}),
        today: options.context().today,
      });
      if (!parsed.success) throw new Error(`${String(parsed.error.issues[0]?.path[0] ?? 'task')}: ${parsed.error.issues[0]?.message}`);
      const pack = await (await source.snapshot()).contextPack(parsed.data);
      const text = `Work on the task below with this context pack from the team's knowledge base. Cited paths open with the read_note tool; Further reading names the next notes to open. When the pack misses the folder's words for this task, look at list_tags and call the context tool again with them as terms or tags.\n\n${pack.contextPackMarkdown}`;
      return { description: `Context pack for: ${parsed.data.task}`, messages: [{ role: 'user', content: { type: 'text', text } }] };
    },
  );
  return server;
}
