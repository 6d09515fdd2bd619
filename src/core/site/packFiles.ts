import { slugify } from '../util/slugify.js';

/** A download name for a pack or a set of loaded notes: the task as a short readable slug. */
export function packFileName(task: string): string {
  const slug = slugify(task.replace(/\//g, ' ')).slice(0, 60).replace(/-+$/, '');
  return slug === 'untitled' || slug === '' ? 'context-pack' : slug;
}
