// Our heading ids (src/markdown/headingIds.ts) against Astro's rehypeHeadingIds, which the renderer used before: the
// same ids on the same trees (the renderer's goldens hold them through the whole pipeline).
import { rehypeHeadingIds as astroHeadingIds } from '@astrojs/markdown-remark';
import { describe, expect, it } from 'vitest';
import { rehypeHeadingIds } from '../../src/markdown/headingIds.ts';
import type { HastNode } from '../../src/markdown/markdownTree.ts';

const t = (value: string): HastNode => ({ type: 'text', value });
const el = (tagName: string, children: HastNode[], properties: Record<string, unknown> = {}): HastNode => ({ type: 'element', tagName, properties, children });
const root = (...children: HastNode[]): HastNode => ({ type: 'root', children });

const trees: [string, HastNode][] = [
  ['plain headings at every level', root(el('h1', [t('Title')]), el('h2', [t('Why')]), el('h3', [t('How it works')]), el('h6', [t('Deep')]))],
  ['repeats numbered', root(el('h2', [t('Notes')]), el('h2', [t('Notes')]), el('h3', [t('Notes')]))],
  [
    'punctuation, a trailing dash, unicode',
    root(el('h2', [t('Step 1: deploy -')]), el('h2', [t('Überblick & Ärger?')]), el('h2', [t('日本語の見出し')]), el('h2', [t('🚀 Launch!')])),
  ],
  ['an id it already has', root(el('h2', [t('Kept')], { id: 'custom' }), el('h2', [t('Kept')]))],
  ['inline elements and code', root(el('h2', [t('Use '), el('code', [t('kb {build}')]), t(' with '), el('em', [t('care')]), t(' {now}')]))],
  ['a raw tag left out, raw text kept', root(el('h2', [t('A'), { type: 'raw', value: '<br>' }, t('B'), { type: 'raw', value: 'x<y' }]))],
  ['links and empty headings', root(el('h2', [el('a', [t('Linked')], { href: '#x' })]), el('h2', []), el('h2', [t('   ')]))],
  ['not headings', root(el('header', [t('Top')]), el('hr', []), el('p', [t('Para')]), el('h2', [t('After')]))],
  ['nested in other elements', root(el('section', [el('div', [el('h4', [t('Inside')])])]), el('h4', [t('Inside')]))],
];

describe('heading ids', () => {
  it.each(trees)('%s: the same ids as Astro’s', (_name, tree) => {
    const ours = structuredClone(tree);
    const theirs = structuredClone(tree);
    rehypeHeadingIds()(ours);
    (astroHeadingIds() as (tree: unknown, file: unknown) => void)(theirs, { data: {}, history: [] });
    expect(ours).toEqual(theirs);
  });
  it('gives ids at all (not a test of nothing)', () => {
    const tree = structuredClone(trees[1]![1]);
    rehypeHeadingIds()(tree);
    expect(tree.children!.map((h) => h.properties?.['id'])).toEqual(['notes', 'notes-1', 'notes-2']);
  });
});
