/** Backoff with full jitter, shared by the sync worker and every API call (approach: retry with exponential backoff). */

export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 5 * 60_000;
/** After reconnecting, wait a random 0-30 s so thousands of phones do not retry together. */
export const RECONNECT_SPREAD_MS = 30_000;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly requestId: string | undefined,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`API ${status}${code ? ` ${code}` : ''}`);
  }
}

/** Full jitter: uniformly random in [0, min(cap, base * 2^attempt)). */
export function backoffDelay(attempt: number, baseMs = BASE_DELAY_MS, capMs = MAX_DELAY_MS, random = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}

/** Network failures, timeouts, 408, 429 and 5xx except 501 are worth retrying; everything else is permanent. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiRequestError) {
    return error.status === 408 || error.status === 429 || (error.status >= 500 && error.status !== 501);
  }
  return error instanceof TypeError; // fetch() throws TypeError on network failure
}

/** Delay before the next attempt; a server's Retry-After always wins over the computed backoff. */
export function nextDelay(error: unknown, attempt: number): number {
  if (error instanceof ApiRequestError && error.retryAfterMs !== undefined) return error.retryAfterMs;
  return backoffDelay(attempt);
}

export function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Retry an idempotent call in-process (for reads). Queued writes persist their backoff instead. */
export async function withRetry<T>(fn: () => Promise<T>, maxAttempts = 5): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt + 1 >= maxAttempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, nextDelay(error, attempt)));
    }
  }
}
