// The line under a pack the browser built: `1,234 / 2,000 tokens · confidence high`, then the pack's own warnings,
// which are its data in English (as `kb context` prints them) and are marked so on a page in another language.
import type { I18n } from '../core/i18n/createI18n.ts';
import type { packIsland } from '../core/i18n/en/packStrings.ts';

/** `notes`: what the page itself says after the line, in its own language (a repo the browser cannot read). */
export function packStatus(
  pack: { tokens: number; maxTokens: number; confidence: 'low' | 'medium' | 'high'; warnings: readonly string[] },
  { t, locale }: Pick<I18n<keyof typeof packIsland>, 't' | 'locale'>,
  notes: readonly string[] = [],
): (string | HTMLElement)[] {
  const line = `${t('pack.tokens', { tokens: pack.tokens, max: pack.maxTokens })} · ${t('pack.confidence', { confidence: t(`pack.confidence.${pack.confidence}`) })}`;
  if (!pack.warnings.length && !notes.length) return [line];
  const warnings = document.createElement('span');
  warnings.className = 'pack-warnings';
  if (!locale.startsWith('en')) warnings.lang = 'en';
  warnings.textContent = pack.warnings.join(' ');
  return [`${line} · `, ...(pack.warnings.length ? [warnings] : []), ...(pack.warnings.length && notes.length ? [' '] : []), notes.join(' ')];
}
