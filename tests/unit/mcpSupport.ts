// Shared by the kb mcp tests: a server started as agents start it (a child process over stdio, through the SDK's
// own client), and the CLI's output for the same inputs (main() with a capturing Io).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { main } from '../../src/cli/main.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { captureIo } from './foundationSupport.js';

export const ROOT = join(import.meta.dirname, '../..');
export const TODAY = '2026-11-20';

export interface Server {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** `node bin/kb.js mcp …args`, connected; closed after the file's tests. No index cache unless env says otherwise. */
export async function startServer(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(ROOT, 'bin/kb.js'), 'mcp', ...args],
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', KB_NO_CACHE: '1', ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'kb-portal-tests', version: '1.0.0' });
  await client.connect(transport);
  afterAll(() => client.close());
  return {
    client,
    stderr: () => stderr,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
  };
}

/** The text blocks of a tool result. */
export function texts(result: CallToolResult): string[] {
  return result.content.map((c) => (c.type === 'text' ? c.text : `<${c.type}>`));
}

/** Tokens of a result as a client counts them: every text block. */
export function resultTokens(result: CallToolResult): number {
  return texts(result).reduce((sum, t) => sum + countTokens(t), 0);
}

/** `kb <argv>` in-process: the CLI's stdout (one string, as printed without the final newline) and exit code. */
export async function cli(argv: string[], cwd = ROOT): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}
