import type { PackRequest } from '../context/packTypes.js';

/** A word as a POSIX shell reads it back: bare when it is plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The `kb context` command that builds the pack for `request` (the site shows it beside the pack it builds). */
export function contextCommand(request: Omit<PackRequest, 'today'>): string {
  const args = ['kb', 'context'];
  if (request.task.trim() !== '') args.push('--task', shellWord(request.task));
  if (request.note !== undefined) args.push('--note', shellWord(request.note));
  if (request.project !== undefined) args.push('--project', shellWord(request.project));
  if (request.repo !== undefined) args.push('--repo', shellWord(request.repo));
  if (request.tags?.length) args.push('--tags', shellWord(request.tags.join(',')));
  if (request.terms?.length) args.push('--terms', shellWord(request.terms.join(', ')));
  if (request.include?.length) args.push('--include', shellWord(request.include.join(',')));
  if (request.maxTokens !== undefined) args.push('--max-tokens', String(request.maxTokens));
  return args.join(' ');
}
