import type { KbIndex } from '../index/kbIndexSchema.js';
import { slugify } from '../util/slugify.js';
import type { PackRequest } from './packTypes.js';

/** Longest slug derived from a task, in characters (cut at a word). */
const SLUG_CHARS = 60;

/**
 * The packs a build prerenders: every `packs:` entry of the config, then one "What should I know before
 * working on <project>" pack per project. Slugs are unique: a repeat gets `-2`, `-3`, ….
 */
export function configuredPacks(index: KbIndex): { slug: string; title: string; request: PackRequest }[] {
  const wanted = [
    ...index.packs.map((p) => ({
      slug: p.slug ? slugify(p.slug) : taskSlug(p.task),
      title: p.task,
      request: strip({ task: p.task, repo: p.repo, project: p.project, include: p.include, maxTokens: p.maxTokens }),
    })),
    ...index.projects.map((p) => {
      const task = `What should I know before working on ${p.name}`;
      return { slug: `project-${slugify(p.key)}`, title: task, request: strip({ task, project: p.key }) };
    }),
  ];
  const taken = new Set<string>();
  return wanted.map((w) => {
    let slug = w.slug || 'pack';
    for (let n = 2; taken.has(slug); n++) slug = `${w.slug || 'pack'}-${n}`;
    taken.add(slug);
    return { ...w, slug };
  });
}

function taskSlug(task: string): string {
  const full = slugify(task.replace(/\//g, ' '));
  if (full.length <= SLUG_CHARS) return full;
  const cut = full.slice(0, SLUG_CHARS);
  return cut.slice(0, cut.lastIndexOf('-') > 20 ? cut.lastIndexOf('-') : SLUG_CHARS);
}

function strip(r: PackRequest): PackRequest {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as PackRequest;
}
