import { z } from 'zod';
import { defineOptions } from '../options/defineOptions.js';

const CHECK_ONLY = { omitted: '`kb check` is a command only (the site shows its findings on the health page)' };

/** How much `kb check` reports, declared once (defineOptions.ts): its flags and help are derived from it. */
export const checkOptions = defineOptions({
  /** List every item of every section. Default: false (at most 20 a section). */
  all: { schema: z.boolean().default(false), kind: 'switch', flag: { help: 'list every item of every section' }, tool: CHECK_ONLY, form: CHECK_ONLY },
  /** Also list the credentials left as written (placeholders, `secrets.allow`). Default: false. */
  verbose: {
    schema: z.boolean().default(false),
    kind: 'switch',
    flag: { help: 'also list credentials left as written (placeholders, secrets.allow)' },
    tool: CHECK_ONLY,
    form: CHECK_ONLY,
  },
});

export type CheckOptions = z.output<typeof checkOptions.schema>;
