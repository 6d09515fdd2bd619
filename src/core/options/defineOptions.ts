import { z } from 'zod';
import type { MessageKey } from '../i18n/locales/en.js';

/**
 * A command's options, declared once: each field's schema in the core (every face's value goes through it) and
 * how each face offers the field. The faces are derived from the declaration: the CLI's flags, help, usage and
 * the command line that asks for the same thing (flagFace.ts), the MCP tool's input (toolFace.ts) and the query
 * page's form (formFace.ts). Adding an option is one field here; tests/unit/optionFaces.test.ts checks that every
 * face takes it, or says why it does not.
 */

/** A face that does not take a field, and why (shown to whoever adds a field beside it). */
export interface Omitted {
  omitted: string;
}

/** How text (a flag's value, a form field) becomes the field's value. */
export type OptionKind =
  /** as written */
  | 'text'
  /** a whole number */
  | 'count'
  /** comma-separated items, trimmed, empty ones dropped */
  | 'list'
  /** given or not */
  | 'switch';

/** A field as a command-line flag. */
export interface FlagFace {
  /** The flag without `--`. Default: the field's name in kebab case (`maxTokens` → `max-tokens`). */
  name?: string;
  /** What its value looks like in the help (`N`, `LIST`, `"a, b"`). Default: none (a switch). */
  value?: string;
  /** What its value looks like in the usage line. Default: as in the help. */
  usage?: string;
  /** Its help: one line, or lines shown under each other. */
  help: string | readonly string[];
  /** The words after the flags are this field when the flag is not given. Default: false. */
  rest?: boolean;
  /** Only the words after the flags, no `--flag` (a keyword, a query). Default: false. */
  positional?: boolean;
  /** For a count: what to do when the value is not a whole number (`give a whole number of tokens, e.g. …`). */
  invalid?: string;
}

/** A choice of a select field. */
export interface FormChoice {
  value: string;
  /** The choice's own text (a repo's alias, a project's name), shown as it is. */
  label: string;
  /** The choice's words in the interface's strings table instead, in the site's language. Default: none (`label`). */
  labelKey?: MessageKey;
}

/** The index facts a form's choices come from. */
export interface FormContext {
  repos: readonly { alias: string }[];
  projects: readonly { key: string; name: string }[];
}

/** A field as a control of a form (the query page's pack form). */
export interface FormFace {
  /** The control's label: a key of the interface's strings table (src/core/i18n/en/), so it is in the site's language. */
  label: MessageKey;
  /** A checkbox's words per value, keys of the strings table. Default: the value itself. */
  choiceLabels?: Readonly<Record<string, MessageKey>>;
  control: 'textarea' | 'text' | 'number' | 'select' | 'checkboxes';
  /** A select's choices after "(none)". Default: none. */
  choices?: (context: FormContext) => FormChoice[];
  /** A number's bounds and step. Default: none. */
  min?: number;
  max?: number;
  step?: number;
  /** The value a text or number control starts with. Default: empty. */
  value?: string | number;
  /** The boxes checked at first. Default: none. */
  checked?: readonly string[];
}

export interface OptionField<S extends z.ZodTypeAny = z.ZodTypeAny> {
  /** The field's schema in the core: what each face's value goes through. */
  schema: S;
  kind: OptionKind;
  /** A list's allowed items (an enum): the MCP tool offers them as its items, the form as boxes. Default: any text. */
  values?: readonly string[];
  /** How a command line writes a list back: its items joined by this. Default: `,`. */
  join?: string;
  /** The CLI flag. */
  flag: FlagFace | Omitted;
  /** The MCP tool's description of the field. */
  tool: string | Omitted;
  /** The control of the query page's form. */
  form: FormFace | Omitted;
}

export type OptionFields = Record<string, OptionField>;

export interface Options<F extends OptionFields> {
  fields: F;
  /** The fields' schemas as one strict object, in the order they are declared. */
  schema: z.ZodObject<{ [K in keyof F]: F[K]['schema'] }, 'strict'>;
}

export function defineOptions<F extends OptionFields>(fields: F): Options<F> {
  const shape = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.schema])) as { [K in keyof F]: F[K]['schema'] };
  return { fields, schema: z.object(shape).strict() };
}

/** Whether a face takes the field. */
export function takes<T>(face: T | Omitted): face is Exclude<T, Omitted> {
  return !(typeof face === 'object' && face !== null && 'omitted' in face);
}

/** The fields a face takes, in order, with their keys. */
export function fieldsWith<F extends OptionFields, Face extends 'flag' | 'tool' | 'form'>(
  options: Options<F>,
  face: Face,
): { key: Extract<keyof F, string>; field: F[keyof F] & Record<Face, Exclude<OptionField[Face], Omitted>> }[] {
  return Object.entries(options.fields)
    .filter(([, field]) => takes(field[face]))
    .map(([key, field]) => ({ key, field })) as never;
}
