import { z } from 'zod';
import type { OptionField } from './defineOptions.js';

/**
 * `today` (YYYY-MM-DD), the day ages and staleness are counted from, as every command's options declare it: no face
 * takes it as a field of its own (the CLI's common --today, the server's, the reader's day). Default: none.
 */
export const todayField = {
  schema: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  kind: 'text',
  flag: { omitted: "the CLI's common --today, which falls back to KB_TODAY and the clock (todayFrom in src/cli/flags.ts)" },
  tool: { omitted: "the server's --today (or KB_TODAY, or the clock): one date for every tool" },
  form: { omitted: "the reader's own day (localDay in src/islands/ages.ts)" },
} satisfies OptionField;
