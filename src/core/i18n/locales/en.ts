// English: every key of the interface, and the words any other table falls back to. Written in areas (../en/), so
// an island imports only the English of its own area.
import { ages } from '../en/agesStrings.js';
import { graph, graphPage } from '../en/graphStrings.js';
import { health } from '../en/healthStrings.js';
import { home } from '../en/homeStrings.js';
import { layout } from '../en/layoutStrings.js';
import { note } from '../en/noteStrings.js';
import { noteIslands } from '../en/noteIslandsStrings.js';
import { packIsland, packPage } from '../en/packStrings.js';
import { pages } from '../en/pagesStrings.js';
import { queryIsland, queryPage } from '../en/queryStrings.js';
import { queryView } from '../en/queryViewStrings.js';
import { searchBox } from '../en/searchBoxStrings.js';
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
