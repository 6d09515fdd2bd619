import { createContext } from 'react';
import { open, type DB } from '@op-engineering/op-sqlite';
import { ApiRequestError, isRetryable, nextDelay, parseRetryAfter, RECONNECT_SPREAD_MS } from './retry';

export type OperationKind = 'refund.create' | 'note.update';
export type OperationStatus = 'queued' | 'in_flight' | 'done' | 'failed';

export interface Operation {
  id: string;
  kind: OperationKind;
  payload: Record<string, unknown>;
  /** Generated once when the user acts; reused on every attempt, across restarts. */
  idempotencyKey: string;
  status: OperationStatus;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  lastError?: string;
}

const ROUTES: Record<OperationKind, { method: string; path: string }> = {
  'refund.create': { method: 'POST', path: '/v1/refunds' },
  'note.update': { method: 'PATCH', path: '/v1/notes' },
};
const MAX_IN_FLIGHT = 4;
const MAX_AGE_MS = 7 * 24 * 3600_000;

export async function openQueue(options: { baseUrl: string }): Promise<OfflineQueue> {
  const db = open({ name: 'sync.db' });
  await db.execute(`CREATE TABLE IF NOT EXISTS operations (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, idempotency_key TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL, last_error TEXT)`);
  await db.execute(`UPDATE operations SET status = 'queued' WHERE status = 'in_flight'`); // crashed mid-request
  return new OfflineQueue(db, options.baseUrl);
}

export class OfflineQueue {
  private draining = false;
  constructor(private readonly db: DB, private readonly baseUrl: string) {}

  async enqueue(kind: OperationKind, payload: Record<string, unknown>): Promise<Operation> {
    const now = Date.now();
    const op: Operation = { id: crypto.randomUUID(), kind, payload, idempotencyKey: crypto.randomUUID(),
      status: 'queued', attempts: 0, nextAttemptAt: now, createdAt: now };
    await this.db.execute(
      `INSERT INTO operations (id, kind, payload, idempotency_key, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, 'queued', 0, ?, ?)`,
      [op.id, kind, JSON.stringify(payload), op.idempotencyKey, now, now],
    );
    void this.drain();
    return op;
  }

  scheduleDrainAfterReconnect(): void {
    setTimeout(() => void this.drain(), Math.floor(Math.random() * RECONNECT_SPREAD_MS));
  }

  /** Send due operations oldest first, at most MAX_IN_FLIGHT at a time. Safe to call often. */
  async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      const { rows } = await this.db.execute(
        `SELECT * FROM operations WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY created_at LIMIT ?`,
        [Date.now(), MAX_IN_FLIGHT],
      );
      await Promise.all(rows.map((row) => this.send(row as Record<string, unknown>)));
    } finally {
      this.draining = false;
    }
  }

  private async send(row: Record<string, unknown>): Promise<void> {
    const id = String(row.id);
    const attempts = Number(row.attempts);
    if (Date.now() - Number(row.created_at) > MAX_AGE_MS) return this.mark(id, 'failed', attempts, 'expired');
    await this.mark(id, 'in_flight', attempts);
    const route = ROUTES[row.kind as OperationKind];
    try {
      const res = await fetch(`${this.baseUrl}${route.path}`, {
        method: route.method,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': String(row.idempotency_key) },
        body: String(row.payload),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; request_id?: string } };
        throw new ApiRequestError(res.status, body.error?.code, body.error?.request_id,
          parseRetryAfter(res.headers.get('Retry-After')));
      }
      await this.mark(id, 'done', attempts + 1);
    } catch (error) {
      if (!isRetryable(error)) return this.mark(id, 'failed', attempts + 1, String(error));
      const delay = nextDelay(error, attempts);
      await this.db.execute(
        `UPDATE operations SET status = 'queued', attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?`,
        [attempts + 1, Date.now() + delay, String(error), id],
      );
    }
  }

  private async mark(id: string, status: OperationStatus, attempts: number, error?: string): Promise<void> {
    await this.db.execute(`UPDATE operations SET status = ?, attempts = ?, last_error = ? WHERE id = ?`,
      [status, attempts, error ?? null, id]);
  }
}

/** The app's single queue, provided by App.tsx once SQLite is open. */
export const QueueContext = createContext<OfflineQueue | null>(null);
