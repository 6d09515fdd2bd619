// How long a live preview (`kb dev`, and `astro dev` through the integration) waits after a change of the knowledge
// folder before indexing it again: the events of one save (an editor's write, or its temporary file renamed over the
// note) come within a few milliseconds. A change after the indexing began is indexed again once it ends.

/** Changes closer together than this are indexed once. */
export const SETTLE_MS = 10;
