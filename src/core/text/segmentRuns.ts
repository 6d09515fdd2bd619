/**
 * Scripts written without spaces between words. Chinese, Japanese and Korean (Han, kana, Hangul) are indexed as
 * overlapping character pairs; Thai, Lao, Khmer and Myanmar as the words `Intl.Segmenter` finds. Matched by
 * Script_Extensions, so the marks those scripts share with others (ー, 々, 、, 。) stay inside a run.
 */
const RUN = /[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}\p{scx=Thai}\p{scx=Laoo}\p{scx=Khmr}\p{scx=Mymr}]+/gu;
const PAIRED = /^[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}]+$/u;
/** Whether a text holds any character of those scripts: most texts do not, and take the plain path at once. */
export const HAS_RUN = /[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}\p{scx=Thai}\p{scx=Laoo}\p{scx=Khmr}\p{scx=Mymr}]/u;

/** A text cut into the stretches written without spaces (`run`) and the rest, in order. */
export function splitRuns(text: string): { text: string; run: boolean }[] {
  const out: { text: string; run: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(RUN)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index), run: false });
    out.push({ text: m[0], run: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), run: false });
  return out;
}

const SEGMENTERS = new Map<string, Intl.Segmenter>();

function segmenter(locale: string): Intl.Segmenter {
  let s = SEGMENTERS.get(locale);
  if (!s) SEGMENTERS.set(locale, (s = new Intl.Segmenter(locale, { granularity: 'word' })));
  return s;
}

/**
 * The words of a run, as written: `Intl.Segmenter` (ICU's dictionaries for Chinese, Japanese, Thai, …) splits it,
 * stop words (particles such as の, を, 的) drop out and cut it, and what stays between them is one word of
 * Chinese, Japanese or Korean (`paired`: indexed by its character pairs) or one segment of the other scripts.
 * Pairs rather than the segmenter's own words: a dictionary splits the same characters differently in different
 * contexts (ICU reads 监控告警 as 监|控告|警 but 监控 alone as 监控), and pairs still match across such cuts.
 */
export function runWords(run: string, locale: string, isStopword: (word: string) => boolean): { text: string; paired: boolean }[] {
  const out: { text: string; paired: boolean }[] = [];
  let pending = '';
  const flush = () => {
    if (pending !== '') out.push({ text: pending, paired: true });
    pending = '';
  };
  for (const s of segmenter(locale).segment(run.normalize('NFKC'))) {
    const word = s.segment;
    if (!s.isWordLike || isStopword(word)) flush();
    else if (PAIRED.test(word)) pending += word;
    else {
      flush();
      out.push({ text: word, paired: false });
    }
  }
  flush();
  return out;
}

/** Overlapping character pairs (a one-character word is itself); by code point, so no pair splits a surrogate pair. */
export function characterPairs(word: string): string[] {
  const chars = Array.from(word);
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 1; i < chars.length; i++) out.push(chars[i - 1]! + chars[i]!);
  return out;
}
