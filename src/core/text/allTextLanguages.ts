// Every language's stemmer and stop words, registered at once: Node imports this module for its side effect
// where a folder is read or its pack data is built (the analysis there is synchronous). The browser never imports it:
// it loads only the languages it needs (textLanguages.ts `loadTextLanguages`).
import { stemmer as arStem } from '@orama/stemmers/arabic';
import { stemmer as bgStem } from '@orama/stemmers/bulgarian';
import { stemmer as daStem } from '@orama/stemmers/danish';
import { stemmer as deStem } from '@orama/stemmers/german';
import { stemmer as elStem } from '@orama/stemmers/greek';
import { stemmer as esStem } from '@orama/stemmers/spanish';
import { stemmer as fiStem } from '@orama/stemmers/finnish';
import { stemmer as frStem } from '@orama/stemmers/french';
import { stemmer as gaStem } from '@orama/stemmers/irish';
import { stemmer as hiStem } from '@orama/stemmers/indian';
import { stemmer as huStem } from '@orama/stemmers/hungarian';
import { stemmer as hyStem } from '@orama/stemmers/armenian';
import { stemmer as idStem } from '@orama/stemmers/indonesian';
import { stemmer as itStem } from '@orama/stemmers/italian';
import { stemmer as ltStem } from '@orama/stemmers/lithuanian';
import { stemmer as neStem } from '@orama/stemmers/nepali';
import { stemmer as nlStem } from '@orama/stemmers/dutch';
import { stemmer as noStem } from '@orama/stemmers/norwegian';
import { stemmer as ptStem } from '@orama/stemmers/portuguese';
import { stemmer as roStem } from '@orama/stemmers/romanian';
import { stemmer as ruStem } from '@orama/stemmers/russian';
import { stemmer as saStem } from '@orama/stemmers/sanskrit';
import { stemmer as srStem } from '@orama/stemmers/serbian';
import { stemmer as svStem } from '@orama/stemmers/swedish';
import { stemmer as taStem } from '@orama/stemmers/tamil';
import { stemmer as trStem } from '@orama/stemmers/turkish';
import { stemmer as ukStem } from '@orama/stemmers/ukrainian';
import { stopwords as arStop } from '@orama/stopwords/arabic';
import { stopwords as bgStop } from '@orama/stopwords/bulgarian';
import { stopwords as daStop } from '@orama/stopwords/danish';
import { stopwords as deStop } from '@orama/stopwords/german';
import { stopwords as elStop } from '@orama/stopwords/greek';
import { stopwords as esStop } from '@orama/stopwords/spanish';
import { stopwords as fiStop } from '@orama/stopwords/finnish';
import { stopwords as frStop } from '@orama/stopwords/french';
import { stopwords as gaStop } from '@orama/stopwords/irish';
import { stopwords as hiStop } from '@orama/stopwords/indian';
import { stopwords as huStop } from '@orama/stopwords/hungarian';
import { stopwords as hyStop } from '@orama/stopwords/armenian';
import { stopwords as idStop } from '@orama/stopwords/indonesian';
import { stopwords as itStop } from '@orama/stopwords/italian';
import { stopwords as jaStop } from '@orama/stopwords/japanese';
import { stopwords as ltStop } from '@orama/stopwords/lithuanian';
import { stopwords as neStop } from '@orama/stopwords/nepali';
import { stopwords as nlStop } from '@orama/stopwords/dutch';
import { stopwords as noStop } from '@orama/stopwords/norwegian';
import { stopwords as ptStop } from '@orama/stopwords/portuguese';
import { stopwords as roStop } from '@orama/stopwords/romanian';
import { stopwords as ruStop } from '@orama/stopwords/russian';
import { stopwords as saStop } from '@orama/stopwords/sanskrit';
import { stopwords as srStop } from '@orama/stopwords/serbian';
import { stopwords as svStop } from '@orama/stopwords/swedish';
import { stopwords as taStop } from '@orama/stopwords/tamil';
import { stopwords as trStop } from '@orama/stopwords/turkish';
import { stopwords as ukStop } from '@orama/stopwords/ukrainian';
import { stopwords as zhStop } from '@orama/stopwords/mandarin';
import { registerTextLanguage, type TextLanguageData } from './textLanguages.js';

const ALL: Record<string, TextLanguageData> = {
  ar: { stem: arStem, stopwords: arStop },
  bg: { stem: bgStem, stopwords: bgStop },
  da: { stem: daStem, stopwords: daStop },
  de: { stem: deStem, stopwords: deStop },
  el: { stem: elStem, stopwords: elStop },
  es: { stem: esStem, stopwords: esStop },
  fi: { stem: fiStem, stopwords: fiStop },
  fr: { stem: frStem, stopwords: frStop },
  ga: { stem: gaStem, stopwords: gaStop },
  hi: { stem: hiStem, stopwords: hiStop },
  hu: { stem: huStem, stopwords: huStop },
  hy: { stem: hyStem, stopwords: hyStop },
  id: { stem: idStem, stopwords: idStop },
  it: { stem: itStem, stopwords: itStop },
  ja: { stopwords: jaStop },
  lt: { stem: ltStem, stopwords: ltStop },
  ne: { stem: neStem, stopwords: neStop },
  nl: { stem: nlStem, stopwords: nlStop },
  no: { stem: noStem, stopwords: noStop },
  pt: { stem: ptStem, stopwords: ptStop },
  ro: { stem: roStem, stopwords: roStop },
  ru: { stem: ruStem, stopwords: ruStop },
  sa: { stem: saStem, stopwords: saStop },
  sr: { stem: srStem, stopwords: srStop },
  sv: { stem: svStem, stopwords: svStop },
  ta: { stem: taStem, stopwords: taStop },
  tr: { stem: trStem, stopwords: trStop },
  uk: { stem: ukStem, stopwords: ukStop },
  zh: { stopwords: zhStop },
};

for (const [lang, data] of Object.entries(ALL)) registerTextLanguage(lang, data);
