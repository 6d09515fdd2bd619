import type { FormContext } from '../options/defineOptions.js';
import { formControls, readForm, type FormControl } from '../options/formFace.js';
import { packOptions, type PackRequest } from './packTypes.js';

/** The query page's pack form: a control for every field of a pack request the form has (packTypes.ts), in order. */
export function packFormControls(index: FormContext): FormControl[] {
  return formControls(packOptions, index);
}

/**
 * The pack the form asks for (`get` returns every value of a field, as FormData.getAll): every field the form has,
 * the query's words when the task is blank, the reader's day; through the request's fields' schemas (a blank task
 * is the pack's to answer: it says no note matches).
 */
export function packRequestFromForm(get: (name: string) => readonly string[], fallbackTask: string, today: string): PackRequest {
  const fields = readForm(packOptions, get);
  return packOptions.schema.parse({ ...fields, task: fields['task'] ?? fallbackTask, today });
}
