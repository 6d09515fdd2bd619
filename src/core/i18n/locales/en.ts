// English: every key of the interface, and the words any other table falls back to. Written in areas (../en/), so
// an island imports only the English of its own area.
import { ages } from '../en/ages.js';
import { graph, graphPage } from '../en/graph.js';
import { health } from '../en/health.js';
import { home } from '../en/home.js';
import { layout } from '../en/layout.js';
import { note } from '../en/note.js';
import { noteIslands } from '../en/noteIslands.js';
import { packIsland, packPage } from '../en/pack.js';
import { pages } from '../en/pages.js';
import { queryIsland, queryPage } from '../en/query.js';
import { queryView } from '../en/queryView.js';
import { searchBox } from '../en/searchBox.js';
import type { LocaleTable, Messages } from '../message.js';

export const EN_MESSAGES = {
  ...layout,
  ...searchBox,
  ...home,
  ...note,
  ...noteIslands,
  ...graph,
  ...graphPage,
  ...pages,
  ...health,
  ...queryPage,
  ...queryIsland,
  ...queryView,
  ...ages,
  ...packPage,
  ...packIsland,
} as const;

/** A key of the interface's strings. */
export type MessageKey = keyof typeof EN_MESSAGES;

/** A language's table of the interface: any key it lacks is shown in English (tests/unit/localeTables.test.ts lists them). */
export type SiteLocaleTable = LocaleTable<MessageKey>;

const en: SiteLocaleTable & { messages: Messages<MessageKey> } = {
  locale: 'en',
  // The portal's English pages have always shown days as ISO dates.
  dateStyle: 'iso',
  messages: EN_MESSAGES,
};

export default en;
