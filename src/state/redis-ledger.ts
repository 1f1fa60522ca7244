// The quota ledger in Redis, shared by replicas: one counter per key and UTC day that expires by itself two
// days later. A Lua script reads and grants atomically, so replicas never grant more than the limit between them.
import type { Grant, QuotaLedger } from "./quota.ts";
import type { Redis } from "./redis.ts";

const RESERVE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local grant = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - count)
if grant > 0 then
  count = redis.call('INCRBY', KEYS[1], grant)
  redis.call('EXPIRE', KEYS[1], ARGV[3])
else
  grant = 0
end
return {grant, count}`;

const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1]))) end
return 0`;

const TWO_DAYS_S = "172800";
export const quotaKey = (keyId: string, day: string) => `wf:quota:${keyId}:${day}`;

export class RedisQuotaLedger implements QuotaLedger {
  constructor(private readonly redis: Redis) {}

  async reserve(keyId: string, day: string, want: number, limit: number): Promise<Grant> {
    // A grant whose answer comes after the deadline was made for a request that already got its 503: give it back.
    const giveBack = (answer: unknown) => {
      const granted = Number((answer as [number, number])[0]);
      if (granted > 0) this.release(keyId, day, granted).catch(() => {}); // if that fails too, the units stay counted (errs towards refusing)
    };
    const [granted, count] = (await this.redis.send("EVAL", [RESERVE, "1", quotaKey(keyId, day), String(want), String(limit), TWO_DAYS_S], giveBack)) as [number, number];
    return { granted: Number(granted), count: Number(count) };
  }

  async release(keyId: string, day: string, units: number): Promise<void> {
    await this.redis.send("EVAL", [RELEASE, "1", quotaKey(keyId, day), String(units)]);
  }
}
