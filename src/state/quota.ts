// Daily request quota per key and UTC day. One conditional upsert decides: it increments only while the
// count is under the limit, so N concurrent requests (in one process or several sharing the file) admit exactly L.
import type { Database } from "bun:sqlite";

export interface QuotaDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Start of the next UTC day, when the count resets. */
  resetAt: Date;
}

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);
export const nextUtcMidnight = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

export class QuotaStore {
  private readonly consumeStmt;
  constructor(db: Database) {
    this.consumeStmt = db.query<{ count: number }, [string, string, number]>(
      `INSERT INTO key_usage (key_id, day, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key_id, day) DO UPDATE SET count = count + 1 WHERE count < ?3
       RETURNING count`,
    );
  }

  consume(keyId: string, limit: number, now = new Date()): QuotaDecision {
    const resetAt = nextUtcMidnight(now);
    const row = this.consumeStmt.get(keyId, utcDay(now), limit);
    if (!row || row.count > limit) return { allowed: false, limit, remaining: 0, resetAt };
    return { allowed: true, limit, remaining: limit - row.count, resetAt };
  }
}
