// The build's search feed, if this is a build (searchShardPlan.ts SEARCH_FEED; src/integration/pagefindFeed.ts).
import { SEARCH_FEED, type SearchFeed } from '../core/site/searchShardPlan.ts';

export const searchFeed = (): SearchFeed | undefined => (globalThis as { [SEARCH_FEED]?: SearchFeed })[SEARCH_FEED];
