// The line under a pack the browser built: `1,234 / 2,000 tokens · confidence high`, then the pack's own warnings.
import type { I18n } from '../core/i18n/createI18n.ts';
import type { packIsland } from '../core/i18n/en/pack.ts';

export function packStatus(
  pack: { tokens: number; maxTokens: number; confidence: 'low' | 'medium' | 'high' },
  notes: readonly string[],
  { t }: Pick<I18n<keyof typeof packIsland>, 't'>,
): string {
  const line = `${t('pack.tokens', { tokens: pack.tokens, max: pack.maxTokens })} · ${t('pack.confidence', { confidence: t(`pack.confidence.${pack.confidence}`) })}`;
  return notes.length ? `${line} · ${notes.join(' ')}` : line;
}
