// One schema per concept: a pack request, a search and a tag query are declared once (defineOptions.ts), and each
// face derived from the declaration takes every field it does not say it omits. A sample of every field goes
// through each face as that face speaks (flags, a tool call, a form, the command a page shows); what reaches the
// core must be the sample, field for field. A face that drops a field fails here.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { PackRequest } from '../../src/core/context/packTypes.js';
import { packOptions, packRequestSchema } from '../../src/core/context/packTypes.js';
import { packCommandLine } from '../../src/core/context/packCommandLine.js';
import { packFormControls, packRequestFromForm } from '../../src/core/context/packForm.js';
import { takes, type OptionFields, type Options } from '../../src/core/options/defineOptions.js';
import { flagsOf } from '../../src/core/options/flagFace.js';
import { queryOptions } from '../../src/core/query/queryOptions.js';
import { parseSearchArgs } from '../../src/core/search/parseSearchArgs.js';
import { searchOptions } from '../../src/core/search/searchOptions.js';
import { main } from '../../src/cli/main.js';
import { contextInput, queryInput, searchInput } from '../../src/mcp/toolDefinitions.js';
import { answerContext } from '../../src/mcp/tools/contextTool.js';
import type { KbSnapshot } from '../../src/mcp/kbSource.js';
import { captureIo, fixture } from './foundationSupport.js';

// The request each `kb context` run hands to the pack, as the pack gets it.
const reached = vi.hoisted(() => [] as PackRequest[]);
vi.mock('../../src/node/context/contextPackFor.js', async (original) => {
  const actual = await original<typeof import('../../src/node/context/contextPackFor.js')>();
  return { contextPackFor: (...args: Parameters<typeof actual.contextPackFor>) => (reached.push(args[2]), actual.contextPackFor(...args)) };
});

const KB = fixture('context-basic');
const NOTE = 'decisions/001-cursor-pagination.md';
const TODAY = '2026-01-02';
type Face = 'flag' | 'tool' | 'form';

/** A value of each field its schema takes: text, a date, a language tag, a number, items (the allowed ones, else words with a space). */
function sampleOf<F extends OptionFields>(options: Options<F>, given: Record<string, unknown> = {}): Record<string, unknown> {
  const candidates = { text: ['sample words', TODAY, 'de'], count: [1234], list: [], switch: [true] };
  return Object.fromEntries(
    Object.entries(options.fields).map(([key, field]) => {
      if (key in given) return [key, given[key]];
      const tries = field.kind === 'list' ? [field.values?.slice(0, 2) ?? ['alpha', 'beta gamma']] : candidates[field.kind];
      const value = tries.find((v) => field.schema.safeParse(v).success);
      if (value === undefined) throw new Error(`no sample for ${key}: give one here`);
      return [key, value];
    }),
  );
}

/** The fields a face omits, by the declaration. */
const omittedBy = <F extends OptionFields>(options: Options<F>, face: Face) =>
  Object.entries(options.fields)
    .filter(([, field]) => !takes(field[face]))
    .map(([key]) => key);

/** What the core makes of the sample without the fields a face omits (`today` is every face's own date). */
const expected = (sample: Record<string, unknown>, face: Face) =>
  packRequestSchema.parse({ ...Object.fromEntries(Object.entries(sample).filter(([key]) => !omittedBy(packOptions, face).includes(key))), today: TODAY });

/** A POSIX shell's words of a command line: bare words, and words in single quotes (with `'\''`). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/(?:'[^']*'|\\'|[^\s'\\])+/g)].map((m) => m[0].replace(/'([^']*)'/g, '$1').replace(/\\'/g, "'"));
}

/** `kb context …` as a person runs it on the fixture: the request it hands to the pack. */
async function contextRun(argv: string[]): Promise<PackRequest> {
  reached.length = 0;
  const io = captureIo(KB, { KB_TODAY: TODAY });
  const code = await main(['context', ...argv, '--kb', KB, '--json'], io);
  expect(
    io.stderr.filter((l) => !l.startsWith('warning:')),
    'no usage error',
  ).toEqual([]);
  expect(code).toBe(0);
  return reached[0]!;
}

const pack = sampleOf(packOptions, { note: NOTE });

describe('a pack request: every field through every face', () => {
  it('each face takes each field, or its declaration says why not', () => {
    for (const field of Object.values(packOptions.fields as OptionFields))
      for (const face of ['flag', 'tool', 'form'] as const) {
        const f = field[face];
        if (!takes(f)) expect(f.omitted.length, `why ${face} omits a field`).toBeGreaterThan(20);
      }
  });

  it('kb context: a flag for each field, as a person types them', async () => {
    const argv = Object.entries(pack).flatMap(([key, value]) => {
      if (!takes(packOptions.fields[key as keyof typeof packOptions.fields].flag)) return [];
      const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      return [flag, Array.isArray(value) ? value.join(',') : String(value)];
    });
    expect(await contextRun([...argv, '--today', TODAY])).toEqual(expected(pack, 'flag'));
  });

  it('the command a page shows: kb context runs it to the same request', async () => {
    const line = packCommandLine(expected(pack, 'flag'));
    expect(line).toMatch(/^kb context /);
    expect(await contextRun(shellWords(line).slice(2))).toEqual(expected(pack, 'flag'));
  });

  it('the MCP context tool: its input takes each field, and the pack gets it', async () => {
    const args = Object.fromEntries(Object.entries(pack).filter(([key]) => !omittedBy(packOptions, 'tool').includes(key)));
    const parsed = z.object(contextInput).strict().parse(args);
    let request: PackRequest | undefined;
    const snapshot = {
      index: { notes: [{ path: NOTE }] },
      contextPack: async (r: PackRequest) => ((request = r), { contextPackMarkdown: '', warnings: [] }),
    } as unknown as KbSnapshot;
    await answerContext(snapshot, parsed, { today: TODAY } as never);
    expect(request).toEqual(expected(pack, 'tool'));
  });

  it('the query page’s pack form: a control for each field, read back as the pack request', () => {
    const controls = packFormControls({ repos: [{ alias: 'sample words' }], projects: [{ key: 'sample words', name: 'Sample' }] });
    expect(controls.map((c) => c.name)).toEqual(Object.keys(packOptions.fields).filter((key) => !omittedBy(packOptions, 'form').includes(key)));
    const form = new Map(
      controls.map((c) => {
        const value = pack[c.name];
        return [c.name, Array.isArray(value) ? (c.control === 'checkboxes' ? value.map(String) : [value.join(', ')]) : [String(value)]];
      }),
    );
    expect(packRequestFromForm((name) => form.get(name) ?? [], 'the query', TODAY)).toEqual(expected(pack, 'form'));
  });
});

describe('a search: every field through every face', () => {
  const search = sampleOf(searchOptions);
  it('kb search: the grammar reads each field', () => {
    const words = flagsOf(searchOptions).flatMap((f) => (f.face.positional ? [] : [`--${f.key}`, String(search[f.key])]));
    const parsed = parseSearchArgs([...words, '--', String(search['keyword'])]);
    expect(parsed.ok && parsed.request).toEqual(search);
  });
  it('the MCP search tool: its input takes each field, and paging', () =>
    expect(Object.keys(searchInput)).toEqual([...Object.keys(searchOptions.fields), 'cursor', 'maxTokens']));
});

describe('a tag query: every field through every face', () => {
  it('the MCP query tool: its input takes the query, required, and paging', () => {
    expect(Object.keys(queryInput)).toEqual([
      ...Object.keys(queryOptions.fields).filter((key) => !omittedBy(queryOptions, 'tool').includes(key)),
      'cursor',
      'maxTokens',
    ]);
    expect(z.object(queryInput).safeParse({}).success).toBe(false);
  });
});
