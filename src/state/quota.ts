// Daily request quota per key and UTC day.
//
// The ledger (SQLite by default, Redis for replicas) holds the authoritative count and grants units atomically,
// never beyond the limit. A process does not ask the ledger for every request: it reserves a lease of units
// and admits from it in memory. Leases shrink as the day's count nears the limit (1/64 of what is left, at
// most 1,024) and are single units at the end, so N concurrent requests over any number of processes admit at
// most L, and exactly L while every process keeps receiving requests. One reservation per key is in flight at a
// time, so a process holds at most one lease. A lease a process stops using is returned at shutdown; one held by
// a crashed process is lost for the day (the count errs towards refusing).
export interface QuotaDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Start of the next UTC day, when the count resets. */
  resetAt: Date;
}

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;
let today = { start: 0, day: "", resetAt: new Date(0) };
/**
 * The UTC day of `now` and its reset time, computed once per day rather than per request (src/domain/utc-day.ts does
 * the same for the semester; src/state imports no other src folder, so it keeps its own).
 */
function dayOf(t: number) {
  if (t < today.start || t >= today.start + DAY_MS) {
    const start = t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
    today = { start, day: utcDay(new Date(t)), resetAt: new Date(start + DAY_MS) };
  }
  return today;
}

/** Units granted by the ledger, and the day's count after the grant (all processes' grants included). */
export interface Grant {
  granted: number;
  count: number;
}

/** Where the day's counts live. reserve grants min(want, limit − count) units atomically. */
export interface QuotaLedger {
  reserve(keyId: string, day: string, want: number, limit: number): Grant | Promise<Grant>;
  release(keyId: string, day: string, units: number): void | Promise<void>;
  /** Gives back what reservations that failed had granted after all (a ledger reached over a network). */
  settle?(): Promise<void>;
  /** The last UTC day the key was counted on, as far as the ledger remembers (`keys list`); null if none. */
  lastUsedDay(keyId: string): string | null | Promise<string | null>;
}

/** How many units to reserve when `count` of `limit` are already granted. */
export const leaseSize = (limit: number, count: number) =>
  Math.max(1, Math.min(1024, Math.floor((limit - count) / 64)));

interface Lease {
  day: string;
  limit: number;
  count: number;
  unused: number;
  /** The reservation in flight, which other requests wait for. */
  pending?: Promise<unknown>;
  /** The last reservation was granted nothing: the day's quota is spent. */
  spent?: boolean;
}

export class QuotaMeter {
  private readonly leases = new Map<string, Lease>();
  /** failOpen (QUOTA_FAIL_OPEN): when the ledger cannot be reached, admit without counting instead of failing. */
  constructor(
    private readonly ledger: QuotaLedger,
    private readonly failOpen = false,
  ) {}

  /** Count one request; a refused request is not counted. Synchronous while the lease lasts. */
  consume(keyId: string, limit: number, now: Date | number = Date.now()): QuotaDecision | Promise<QuotaDecision> {
    const { day, resetAt } = dayOf(typeof now === "number" ? now : now.getTime());
    let lease = this.leases.get(keyId);
    if (!lease || lease.day !== day || lease.limit !== limit) {
      // A new day starts from zero; a changed limit forgets the old lease (its units stay counted).
      lease = { day, limit, count: 0, unused: 0 };
      this.leases.set(keyId, lease);
    }
    if (lease.unused > 0) return this.take(lease, resetAt);
    const unmetered = (err: unknown): QuotaDecision => {
      if (!this.failOpen) throw err;
      return { allowed: true, limit, remaining: Math.max(0, limit - lease.count), resetAt };
    };
    // One reservation in flight per key: requests meanwhile wait for it and share its lease, so a process never
    // holds more than one lease (what a crash can lose).
    const current = lease;
    if (current.pending) {
      return current.pending.then(
        () =>
          current.unused > 0
            ? this.take(current, resetAt)
            : current.spent
              ? this.refused(current, resetAt)
              : this.consume(keyId, limit),
        unmetered,
      ); // now again: the wait may cross midnight
    }
    let grant: Grant | Promise<Grant>;
    try {
      grant = this.ledger.reserve(keyId, day, leaseSize(limit, lease.count), limit);
    } catch (err) {
      return unmetered(err);
    }
    if (!(grant instanceof Promise)) return this.afterGrant(lease, grant, resetAt);
    const granted = grant.then((g) => this.afterGrant(current, g, resetAt));
    const pending = granted.finally(() => {
      current.pending = undefined;
    });
    pending.catch(() => {}); // waiters handle its failure; with none, it is not an unhandled rejection
    current.pending = pending;
    return granted.catch(unmetered);
  }

  /** The last UTC day the key was counted on (`keys list`). */
  lastUsedDay(keyId: string): string | null | Promise<string | null> {
    return this.ledger.lastUsedDay(keyId);
  }

  /** Give unused units back to the ledger (graceful shutdown). */
  async releaseAll(): Promise<void> {
    await this.ledger.settle?.();
    for (const [keyId, lease] of this.leases)
      if (lease.unused > 0) await this.ledger.release(keyId, lease.day, lease.unused);
    this.leases.clear();
  }

  private afterGrant(lease: Lease, grant: Grant, resetAt: Date): QuotaDecision {
    lease.count = Math.max(lease.count, grant.count);
    lease.unused += grant.granted;
    lease.spent = grant.granted === 0;
    return lease.unused > 0 ? this.take(lease, resetAt) : this.refused(lease, resetAt);
  }

  private refused(lease: Lease, resetAt: Date): QuotaDecision {
    return { allowed: false, limit: lease.limit, remaining: 0, resetAt };
  }

  private take(lease: Lease, resetAt: Date): QuotaDecision {
    lease.unused -= 1;
    return {
      allowed: true,
      limit: lease.limit,
      remaining: Math.max(0, lease.limit - lease.count + lease.unused),
      resetAt,
    };
  }
}
