import type { NoteEntry } from '../index/kbIndexSchema.js';
import type { Bucket } from './bucketOf.js';

/** What a section of a note is for, read from its heading. */
export type Role =
  | 'summary'
  | 'decision'
  | 'consequences'
  | 'alternatives'
  | 'context'
  | 'status'
  | 'symptoms'
  | 'problem'
  | 'cause'
  | 'fix'
  | 'insight'
  | 'prevention'
  | 'actions'
  | 'rule'
  | 'shape'
  | 'impact'
  | 'timeline'
  | 'aside'
  | 'other';

/**
 * Heading vocabularies of real folders, first match wins: ADRs (Nygard's Context / Decision / Consequences /
 * Status, MADR's Decision Outcome / Considered Options), learnings (Problem / Symptoms / Root Cause / Solution /
 * Key Insight / Prevention), postmortems (Summary / Impact / Timeline / Action Items), patterns (Rules / Shape).
 * Each pattern is matched against the lower-cased heading with its numbering and trailing colon removed.
 */
const ROLES: [Role, RegExp][] = [
  ['summary', /^(compiled truth|summary|tl;? ?dr|executive summary|key (takeaways?|points)|bottom line|in short|gist|abstract|at a glance)\b/],
  ['context', /^(context( and problem statement)?|background|motivation|forces|(decision )?drivers)$/],
  ['actions', /\b(action items?|follow[- ]?ups?|next steps|to ?dos?|what we changed)\b/],
  ['decision', /^(the )?(decision( outcome)?|decided|we (will|decided)|chosen (option|approach)|verdict)\b/],
  ['consequences', /\b(consequences?|implications?|trade-?offs?|pros and cons|positive|negative)\b/],
  ['alternatives', /\b(alternatives?( considered)?|considered options|options( considered)?|rejected)\b/],
  ['status', /^status\b/],
  ['symptoms', /\b(symptoms?|signs|what you see|observed behaviou?r|error messages?)\b/],
  ['cause', /\b(root causes?|causes?|why it (happened|broke)|diagnosis|trigger)\b/],
  ['fix', /\b(fix(es)?|solutions?|resolution|remediation|workarounds?|mitigation|how (we|to) fix(ed)?|what to do( instead)?|the repair)\b/],
  ['insight', /\b(key insights?|insights?|lessons?( learned| learnt)?|learnings?|takeaways?|what we learned|principle)\b/],
  ['prevention', /\b(prevention|prevent(ing)?|going forward|guardrails?|how to avoid|avoid(ing)? (it|this)|next time)\b/],
  ['problem', /\b(problem|issue|what happened|what went wrong|the bug|situation)\b/],
  ['rule', /\b(rules?|guidelines?|dos and don'?ts|do and don'?t|conventions?|when to use|when not to|usage|how to use)\b/],
  ['shape', /\b(shape|structure|template|implementation|recipe|how it works)\b/],
  ['context', /^(context|background)\b/],
  ['impact', /\b(impact|blast radius|severity)\b/],
  ['timeline', /\b(timeline|chronology|sequence of events)\b/],
  [
    'aside',
    /\b(appendix|references?|further reading|see also|related|links?|sources?|faq|questions people asked|history|changelog|session errors?|tags|metadata)\b/,
  ],
];

/** The role a heading announces ('other' when none). */
export function roleOf(heading: string | undefined): Role {
  if (heading === undefined) return 'other';
  const h = heading
    .toLowerCase()
    .replace(/^[\s\d.)]+/, '')
    .replace(/[:\s]+$/, '');
  for (const [role, re] of ROLES) if (re.test(h)) return role;
  return 'other';
}

/** What a note is for; it decides which of its sections a pack gives first. */
export type NoteKind = 'decision' | 'lesson' | 'pattern' | 'pitfall' | 'postmortem' | 'other';

/**
 * Decisive sections per kind, in the order a pack gives them (the "what the note is for"):
 * a decision's Decision and Consequences, a lesson's Problem, Fix and Root cause, Key insight and Prevention,
 * a pattern's rules and shape, a pitfall's symptom and fix, a postmortem's summary and action items.
 */
export const DECISIVE: Record<NoteKind, readonly Role[]> = {
  decision: ['decision', 'consequences'],
  lesson: ['problem', 'symptoms', 'fix', 'cause', 'insight', 'prevention'],
  pattern: ['rule', 'shape'],
  pitfall: ['symptoms', 'problem', 'fix', 'prevention'],
  postmortem: ['summary', 'actions', 'cause', 'fix', 'insight'],
  other: [],
};

/** Sections read after the decisive ones, before the rest (ranked by how well they match the task). */
export const SECONDARY: Record<NoteKind, readonly Role[]> = {
  decision: ['context', 'alternatives', 'status'],
  lesson: ['summary', 'actions'],
  pattern: ['summary', 'insight'],
  pitfall: ['cause', 'insight'],
  postmortem: ['problem', 'impact', 'prevention'],
  other: ['summary'],
};

const POSTMORTEM = /\b(post-?mortem|incident review|incident report|retrospective|\bpir\b)/i;

/**
 * A note's kind: a postmortem by its type, title or file name; else its bucket (decisions, lessons,
 * patterns, pitfalls); else its headings (an ADR's Decision with Context or Consequences, a learning's
 * Problem with a fix); else 'other'.
 */
export function noteKind(note: Pick<NoteEntry, 'path' | 'title' | 'type'>, bucket: Bucket, headings: readonly (string | undefined)[]): NoteKind {
  const type = note.type?.toLowerCase();
  if (type === 'postmortem' || type === 'incident') return 'postmortem';
  if (bucket !== 'decisions' && bucket !== 'patterns' && (POSTMORTEM.test(note.title) || POSTMORTEM.test(note.path.split('/').pop()!))) return 'postmortem';
  if (bucket === 'decisions') return 'decision';
  if (bucket === 'lessons') return 'lesson';
  if (bucket === 'patterns') return 'pattern';
  if (bucket === 'pitfalls') return 'pitfall';
  const roles = new Set(headings.map(roleOf));
  if (roles.has('decision') && (roles.has('context') || roles.has('consequences'))) return 'decision';
  if (roles.has('problem') && (roles.has('fix') || roles.has('cause'))) return 'lesson';
  if (roles.has('symptoms') && roles.has('fix')) return 'pitfall';
  return 'other';
}

/** How early a section is given for a note of this kind: decisive ones first (in order), then secondary, then the rest. */
export function rolePriority(kind: NoteKind, role: Role): number {
  const d = DECISIVE[kind].indexOf(role);
  if (d >= 0) return d;
  const s = SECONDARY[kind].indexOf(role);
  if (s >= 0) return 10 + s;
  return role === 'aside' || role === 'timeline' ? 30 : 20;
}
