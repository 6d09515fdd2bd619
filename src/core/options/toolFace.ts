import { z } from 'zod';
import { fieldsWith, type Omitted, type OptionField, type OptionFields, type Options } from './defineOptions.js';

/** What an agent may send for a field of this kind. */
type Wire<Field> = Field extends { kind: 'text' }
  ? z.ZodString
  : Field extends { kind: 'count' }
    ? z.ZodNumber
    : Field extends { kind: 'switch' }
      ? z.ZodBoolean
      : z.ZodArray<z.ZodString>;

/** The tool's input shape: the fields it takes, each optional unless the core requires it. */
export type ToolShape<F extends OptionFields> = {
  [K in keyof F as F[K] extends { tool: Omitted } ? never : K]: undefined extends z.input<F[K]['schema']> ? z.ZodOptional<Wire<F[K]>> : Wire<F[K]>;
};

/**
 * The fields an MCP tool takes, as the zod shape its input is listed and checked with: what an agent may send for
 * each (text, a positive whole number, a list of text or of the allowed items, true or false), described by the
 * field's tool face and optional unless the core requires the field. The core's schema then checks the values as
 * it does for every face (readToolArgs).
 */
export function toolShape<F extends OptionFields>(options: Options<F>): ToolShape<F> {
  return Object.fromEntries(
    fieldsWith(options, 'tool').map(({ key, field }) => {
      const wire = wireOf(field);
      return [key, (field.schema.isOptional() ? wire.optional() : wire).describe(field.tool)];
    }),
  ) as ToolShape<F>;
}

function wireOf(field: OptionField): z.ZodTypeAny {
  switch (field.kind) {
    case 'text':
      return z.string();
    case 'count':
      return z.number().int().positive();
    case 'switch':
      return z.boolean();
    case 'list':
      return z.array(field.values?.length ? z.enum(field.values as [string, ...string[]]) : z.string());
  }
}

/**
 * A tool's arguments for the fields it takes, ready for the core's schema: an empty text (which agents send for an
 * argument they mean to leave out) is left out, everything else is passed as sent.
 */
export function readToolArgs<F extends OptionFields>(options: Options<F>, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key } of fieldsWith(options, 'tool')) {
    const value = args[key];
    if (value === undefined || value === '') continue;
    out[key] = value;
  }
  return out;
}
