// Where keys and quota counts live: the state database by default; Redis when REDIS_URL is set, so replicas
// share them. The service, the key CLI and the tests all pick the stores here.
import type { Database } from "bun:sqlite";
import { ApiKeyStore, type KeyStore } from "./api-keys.ts";
import { QuotaMeter } from "./quota.ts";
import { SqliteQuotaLedger } from "./sqlite-ledger.ts";
import { connectRedis } from "./redis.ts";
import { RedisKeyStore } from "./redis-keys.ts";
import { RedisQuotaLedger } from "./redis-ledger.ts";

export interface StateStores {
  keys: KeyStore;
  quota: QuotaMeter;
  /** Throws when a store cannot answer (readiness). */
  check(): void | Promise<void>;
  close(): Promise<void>;
}

export interface StateOptions {
  REDIS_URL?: string;
  REDIS_TIMEOUT_MS: number;
  KEY_CACHE_TTL_MS: number;
  QUOTA_FAIL_OPEN: boolean;
}

export function openStateStores(db: Database, o: StateOptions): StateStores {
  if (!o.REDIS_URL) {
    const quota = new QuotaMeter(new SqliteQuotaLedger(db), o.QUOTA_FAIL_OPEN);
    return {
      keys: new ApiKeyStore(db, o.KEY_CACHE_TTL_MS),
      quota,
      check: () => void db.query("SELECT 1").get(),
      async close() {
        await quota.releaseAll();
      },
    };
  }
  const redis = connectRedis(o.REDIS_URL, o.REDIS_TIMEOUT_MS);
  const quota = new QuotaMeter(new RedisQuotaLedger(redis, o.REDIS_TIMEOUT_MS), o.QUOTA_FAIL_OPEN);
  return {
    keys: new RedisKeyStore(redis, o.KEY_CACHE_TTL_MS, o.QUOTA_FAIL_OPEN),
    quota,
    check: async () => void (await redis.send("PING", [])),
    async close() {
      await quota.releaseAll().catch(() => {}); // Redis may be gone; its counters expire by themselves
      redis.close();
    },
  };
}
