// Where the build publishes what note pages load besides themselves (src/node/site/emitNoteAssets.ts).

/** KaTeX's stylesheet (its fonts beside it, in `katex/fonts/`), linked by pages that show math. */
export const KATEX_CSS = 'katex/katex.min.css';
/** Mermaid's browser build (its chunks beside it): the diagram island imports it from there. */
export const MERMAID_JS = 'mermaid/mermaid.esm.min.mjs';
