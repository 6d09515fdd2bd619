import type { MessageKey } from '../i18n/locales/en.js';
import { fieldsWith, type FormChoice, type FormContext, type FormFace, type OptionFields, type Options } from './defineOptions.js';
import { listItems } from './flagFace.js';

/** A control of a form, as a page renders it: named after its field. */
export interface FormControl extends Omit<FormFace, 'choices'> {
  name: string;
  /** A select's choices after "(none)"; the boxes of a checkbox list. */
  choices: FormChoice[];
}

/** The form's controls, in the order of the fields: its choices read from the index (a select's) or the field's values (boxes). */
export function formControls<F extends OptionFields>(options: Options<F>, context: FormContext): FormControl[] {
  return fieldsWith(options, 'form').map(({ key, field }) => {
    const { choices, choiceLabels, ...face } = field.form;
    return {
      ...face,
      name: key,
      choices: choices ? choices(context) : (field.values ?? []).map((value) => choiceOf(value, choiceLabels?.[value])),
    };
  });
}

/**
 * What a form holds for the fields it has, ready for the core's schema (`get` returns every value of a name, as
 * FormData.getAll): text trimmed, left out when blank; a number left out unless it is above zero (whole, rounded
 * down); boxes as they are ticked (none ticked is none); a list in text as its comma-separated items.
 */
export function readForm<F extends OptionFields>(options: Options<F>, get: (name: string) => readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, field } of fieldsWith(options, 'form')) {
    const all = get(key);
    const first = (all[0] ?? '').trim();
    if (field.kind === 'list' && field.form.control === 'checkboxes') out[key] = [...all];
    else if (field.kind === 'list') {
      const items = listItems(first);
      if (items.length > 0) out[key] = items;
    } else if (field.kind === 'count') {
      const n = Number(first);
      if (first !== '' && Number.isFinite(n) && n > 0) out[key] = Math.floor(n);
    } else if (field.kind === 'switch') out[key] = all.length > 0;
    else if (first !== '') out[key] = first;
  }
  return out;
}

/** A box of a field's own values: the value, in the strings table's words when the field names them. */
function choiceOf(value: string, labelKey: MessageKey | undefined): FormChoice {
  return labelKey === undefined ? { value, label: value } : { value, label: value, labelKey };
}
