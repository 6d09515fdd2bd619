// The tools as a client lists them: names, descriptions and zod inputs. Light on purpose: each tool's answer
// (and the indexing pipeline behind it) is loaded on its first call, so the server answers `initialize` fast.
import { z } from 'zod';
import { BUCKETS } from '../core/context/bucketOf.js';
import { DEFAULT_MAX_TOKENS, MAX_TOKENS_CAP } from '../core/context/packTypes.js';
import { MIN_RESULT_TOKENS, RESULT_TOKENS, type ToolDefinition } from './tools/kbTool.js';

const cursor = z.string().optional().describe('From a previous page of the same call: continue where it stopped. Omit for the first page.');
const resultTokens = z
  .number()
  .int()
  .min(MIN_RESULT_TOKENS)
  .max(RESULT_TOKENS)
  .optional()
  .describe(`Most tokens (o200k) this result may hold; default and maximum ${RESULT_TOKENS}. Longer answers are paginated.`);
const lang = z
  .string()
  .optional()
  .describe(
    "The language the words are written in, a BCP 47 tag (de, ja, zh-CN, …); default the folder's site.locale. It decides how they are split, stemmed and which are stop words.",
  );
const resultBudget = (args: { maxTokens?: number | undefined }) => args.maxTokens ?? RESULT_TOKENS;

export const queryInput = {
  tags: z.string().describe('Tags separated by spaces; the word AND anywhere makes it an intersection. Example: "api AND pagination".'),
  cursor,
  maxTokens: resultTokens,
};
export const searchInput = {
  keyword: z.string().optional().describe('Words to find in titles and bodies, as one phrase.'),
  tag: z.string().optional().describe('Only notes with this tag (exact, case-insensitive).'),
  category: z.string().optional().describe('Only notes in this category (exact, case-insensitive).'),
  lang,
  cursor,
  maxTokens: resultTokens,
};
export const contextInput = {
  task: z.string().optional().describe('The task in a sentence, e.g. "Add cursor pagination to the refunds endpoint". Required unless note is given.'),
  note: z
    .string()
    .optional()
    .describe(
      "A note path (as query, search and context list it): a pack for that note's page, the note first (whole when it fits), then the notes it links to, that link to it or share its tags, ranked by its title and headings (or by task when given).",
    ),
  repo: z.string().optional().describe('A registered codebase alias: scopes the notes and fills "Files to Inspect".'),
  project: z.string().optional().describe('A project key: scopes the notes to it and its tags.'),
  include: z.array(z.enum(BUCKETS)).optional().describe('Buckets to include; default decisions, lessons, patterns.'),
  maxTokens: z.number().int().positive().optional().describe(`The pack's budget in tokens (o200k); default ${DEFAULT_MAX_TOKENS}, at most ${MAX_TOKENS_CAP}.`),
  terms: z
    .array(z.string())
    .optional()
    .describe(
      'The folder\'s own words for the task (from list_tags, or titles you have seen), e.g. ["worktree", "git"]. Notes using them rank higher; none is left out for lacking them.',
    ),
  tags: z.array(z.string()).optional().describe('Tags from list_tags whose notes should rank higher (a boost, never a filter).'),
  lang,
  cursor,
};
export const readNoteInput = {
  path: z.string().describe('The note path as listed by query/search/context, relative to the knowledge folder.'),
  section: z.string().optional().describe('A heading of the note (case-insensitive): return only that section and its subsections.'),
  maxTokens: resultTokens,
  cursor,
};
export const listTagsInput = {
  prefix: z.string().optional().describe('Only tags, aliases and project keys starting with this (case-insensitive).'),
  cursor,
  maxTokens: resultTokens,
};
export const discoverInput = {
  paths: z.array(z.string()).min(1).describe("Registered aliases or folder paths (relative to the server's working directory, or ~/…). At most 3 are read."),
  task: z.string().describe('The task the files are chosen for.'),
  cursor,
  maxTokens: resultTokens,
};

export type Args<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;

const query: ToolDefinition<typeof queryInput> = {
  name: 'query',
  title: 'Tag query (/context)',
  description:
    'Notes by tag, as the team files them: "api pagination" (either tag), "api AND pagination" (both); aliases resolve (rn → react-native) and a project key (e.g. "pay") adds its tags, tracked artifacts and pending ideas. Returns the numbered list (path, description, tags) as text, then the same as JSON (kb query --json). Use list_tags for the vocabulary, read_note to open a path.',
  input: queryInput,
  budget: resultBudget,
  load: () => import('./tools/queryTool.js').then((m) => m.answerQuery),
};
const search: ToolDefinition<typeof searchInput> = {
  name: 'search',
  title: 'Keyword and facet search',
  description:
    'Notes by keyword in titles and bodies (best 8 title matches, then 12 body matches with the line), optionally narrowed to a tag and/or a category (case-insensitive literals). With only tag/category, every note that has them. Returns text, then the same as JSON (kb search --json).',
  input: searchInput,
  budget: resultBudget,
  load: () => import('./tools/searchTool.js').then((m) => m.answerSearch),
};
const context: ToolDefinition<typeof contextInput> = {
  name: 'context',
  title: 'Task-context pack',
  description:
    "Before working on a task: the team's decisions, lessons, patterns and pitfalls that matter for it, ranked and cut to a token budget, with the files of a registered codebase to inspect, then a Further reading list of the next notes to open. Pass the folder's own words for the task as terms or tags (list_tags gives them): the notes that use them rank higher. Returns the pack as Markdown (cited paths open with read_note), then the same pack as JSON (kb context --json).",
  input: contextInput,
  // maxTokens is the pack's budget; the result (the Markdown, then the JSON that repeats it) pages at the cap.
  budget: () => RESULT_TOKENS,
  load: () => import('./tools/contextTool.js').then((m) => m.answerContext),
};
const readNote: ToolDefinition<typeof readNoteInput> = {
  name: 'read_note',
  title: 'Read a note',
  description:
    'Open one note by the path query, search and context list (e.g. "decisions/005-cursor-pagination.md"), or only one of its sections by heading. Returns its Markdown with a normalised frontmatter, then its facts as JSON: tags, status, dates, headings, and the notes that link to it (backlinks).',
  input: readNoteInput,
  budget: resultBudget,
  load: () => import('./tools/readNoteTool.js').then((m) => m.answerReadNote),
};
const listTags: ToolDefinition<typeof listTagsInput> = {
  name: 'list_tags',
  title: 'Tags, aliases and projects',
  description:
    'The vocabulary for query: known tags with their aliases and how many notes carry each, tags used outside the vocabulary, and project keys with their tags; optionally only those starting with a prefix.',
  input: listTagsInput,
  budget: resultBudget,
  load: () => import('./tools/listTagsTool.js').then((m) => m.answerListTags),
};
const discover: ToolDefinition<typeof discoverInput> = {
  name: 'discover',
  title: 'Files of a codebase for a task',
  description:
    "The files of up to 3 codebases (registered aliases or folders) that matter for a task: entry points, files matching the task's nouns and their imports, each with why it was chosen, and their text (long files as their first 200 lines). Sensitive paths (~/.ssh, credentials, /etc, …) are refused. Returns the annotated files, then the JSON of kb discover.",
  input: discoverInput,
  localOnly: true,
  budget: resultBudget,
  load: () => import('./tools/discoverTool.js').then((m) => m.answerDiscover),
};

/** Every tool, in the order a client lists them. */
export const TOOLS = [query, search, context, readNote, listTags, discover] as const;
