// The quota ledger in Redis, shared by replicas: one counter per key and UTC day that expires by itself two
// days later. A Lua script reads and grants atomically, so replicas never grant more than the limit between them.
//
// A reservation whose answer never reaches us (its deadline passed, or Redis shut down or the connection dropped
// after running it) may still have been granted: counted, never admitted. So each grant is also recorded under the
// reservation's own id for an hour, and a reservation that failed is settled once Redis answers again: if its record
// exists, the units go back and the record goes. On one connection the settling runs after the reservation, so it
// cannot miss one that Redis had yet to run.
import { utcDay, type Grant, type QuotaLedger } from "./quota.ts";
import type { Redis } from "./redis.ts";
import { StateUnavailable } from "./unavailable.ts";

const RESERVE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local grant = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - count)
if grant > 0 then
  count = redis.call('INCRBY', KEYS[1], grant)
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('SET', KEYS[2], grant, 'EX', ARGV[4])
else
  grant = 0
end
return {grant, count}`;

const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1]))) end
return 0`;

/** Gives back what a reservation granted, if it was granted and not given back yet. */
const SETTLE = `
local granted = tonumber(redis.call('GET', KEYS[2]) or '0')
if granted > 0 then
  local count = tonumber(redis.call('GET', KEYS[1]) or '0')
  if count > 0 then redis.call('DECRBY', KEYS[1], math.min(count, granted)) end
  redis.call('DEL', KEYS[2])
end
return granted`;

const TWO_DAYS_S = "172800";
/** How long a grant's record waits to be settled; one still unsettled after it stays counted (errs towards refusing). */
const GRANT_RECORD_S = "3600";
export const quotaKey = (keyId: string, day: string) => `wf:quota:${keyId}:${day}`;
const grantKey = (reservation: string) => `wf:quota-grant:${reservation}`;

export class RedisQuotaLedger implements QuotaLedger {
  /** Grant record key → count key, for reservations whose outcome is unknown. */
  private readonly unsettled = new Map<string, string>();
  private settling: Promise<void> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly retryMs = 250,
  ) {}

  async reserve(keyId: string, day: string, want: number, limit: number): Promise<Grant> {
    const count = quotaKey(keyId, day),
      record = grantKey(crypto.randomUUID());
    try {
      const [granted, total] = (await this.redis.send("EVAL", [
        RESERVE,
        "2",
        count,
        record,
        String(want),
        String(limit),
        TWO_DAYS_S,
        GRANT_RECORD_S,
      ])) as [number, number];
      return { granted: Number(granted), count: Number(total) };
    } catch (err) {
      // A command that never left this process cannot have run: nothing to settle.
      if (!(err instanceof StateUnavailable && err.notSent)) {
        this.unsettled.set(record, count);
        this.settling ??= this.settleAll();
      }
      throw err;
    }
  }

  async release(keyId: string, day: string, units: number): Promise<void> {
    await this.redis.send("EVAL", [RELEASE, "1", quotaKey(keyId, day), String(units)]);
  }

  /** Counters expire two days after their day: only today and yesterday can be known. */
  async lastUsedDay(keyId: string): Promise<string | null> {
    const now = Date.now();
    const days = [0, 1].map((back) => utcDay(new Date(now - back * 86_400_000)));
    const counts = (await this.redis.send(
      "MGET",
      days.map((d) => quotaKey(keyId, d)),
    )) as (string | null)[];
    const used = days.findIndex((_, i) => Number(counts[i] ?? 0) > 0);
    return used === -1 ? null : days[used];
  }

  /** One attempt to settle every failed reservation (at shutdown: what Redis cannot answer now stays counted). */
  async settle(): Promise<void> {
    for (const [record, count] of this.unsettled) {
      try {
        await this.redis.send("EVAL", [SETTLE, "2", count, record]);
        this.unsettled.delete(record);
      } catch (err) {
        if (!(err instanceof StateUnavailable && err.refused)) return; // Redis still away: try again later
        this.unsettled.delete(record); // Redis refused the script for this one: retrying would not help
      }
    }
  }

  /** Settles in the background, trying again while Redis does not answer (until the connection is closed). */
  private async settleAll(): Promise<void> {
    for (;;) {
      await this.settle();
      if (!this.unsettled.size || this.redis.closed) break;
      await Bun.sleep(this.retryMs);
    }
    this.settling = undefined; // here, not in a later .finally: a failure recorded meanwhile starts a new loop
  }
}
