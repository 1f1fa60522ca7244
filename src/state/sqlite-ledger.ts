// The default quota ledger: the day's counts in the state database. One immediate transaction reads the count
// and grants what is left, so processes sharing the file never grant more than the limit between them.
import type { Database } from "bun:sqlite";
import type { Grant, QuotaLedger } from "./quota.ts";
import { StateUnavailable } from "./unavailable.ts";

export class SqliteQuotaLedger implements QuotaLedger {
  readonly reserve: (keyId: string, day: string, want: number, limit: number) => Grant;
  private readonly releaseStmt;
  private readonly lastDayStmt;

  constructor(db: Database) {
    const read = db.query<{ count: number }, [string, string]>(
      "SELECT count FROM key_usage WHERE key_id = ? AND day = ?",
    );
    const write = db.query<unknown, [string, string, number]>(
      "INSERT INTO key_usage (key_id, day, count) VALUES (?1, ?2, ?3) ON CONFLICT (key_id, day) DO UPDATE SET count = count + ?3",
    );
    const reserve = db.transaction((keyId: string, day: string, want: number, limit: number): Grant => {
      const count = read.get(keyId, day)?.count ?? 0;
      const granted = Math.max(0, Math.min(want, limit - count));
      if (granted > 0) write.run(keyId, day, granted);
      return { granted, count: count + granted };
    });
    // A locked (busy past busy_timeout) or read-only state database is reported as unavailable: 503, not 500.
    this.reserve = (keyId, day, want, limit) => {
      try {
        return reserve.immediate(keyId, day, want, limit);
      } catch (err) {
        throw new StateUnavailable("the state database", err);
      }
    };
    this.releaseStmt = db.query<unknown, [string, string, number]>(
      "UPDATE key_usage SET count = max(0, count - ?3) WHERE key_id = ?1 AND day = ?2",
    );
    this.lastDayStmt = db.query<{ day: string | null }, [string]>(
      "SELECT max(day) AS day FROM key_usage WHERE key_id = ? AND count > 0",
    );
  }

  lastUsedDay(keyId: string): string | null {
    return this.lastDayStmt.get(keyId)?.day ?? null;
  }

  release(keyId: string, day: string, units: number): void {
    this.releaseStmt.run(keyId, day, units);
  }
}
