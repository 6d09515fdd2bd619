// markdown-it's own block rules, which noteTokens.ts composes (its package ships them; its types do not declare them).
declare module 'markdown-it/lib/rules_block/*.mjs' {
  import type { StateBlock } from 'markdown-it';
  const rule: (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
  export default rule;
}
declare module 'markdown-it/lib/rules_inline/*.mjs' {
  import type { StateInline } from 'markdown-it';
  const rule: (state: StateInline, silent: boolean) => boolean;
  export default rule;
}
