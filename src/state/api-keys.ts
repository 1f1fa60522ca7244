// API keys: issued once, stored only as sha256 hashes, verified in constant time. A serving process keeps
// verified keys for a short time (cacheTtlMs) so a request costs no database read; its own writes clear that
// cache at once, another process's (`npm run keys -- revoke`) are seen within the TTL.
import type { Database } from "bun:sqlite";
import { timingSafeEqual } from "node:crypto";

export const SCOPES = ["salary:read", "compliance:report", "compliance:read", "costapi:read", "skills:read"] as const;
export type Scope = (typeof SCOPES)[number];
export const TIERS = ["free", "pro", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];

export interface ApiKey {
  id: string;
  name: string | null;
  tier: Tier;
  scopes: Scope[];
  dailyLimit: number | null;
  createdAt: string;
  revokedAt: string | null;
}

interface KeyRow { id: string; hash: string; name: string | null; tier: Tier; scopes: string; daily_limit: number | null; created_at: string; revoked_at: string | null }

const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");
const lookupOf = (key: string) => sha256(key).slice(0, 16);
const toKey = (r: KeyRow): ApiKey => ({
  id: r.id, name: r.name, tier: r.tier, scopes: r.scopes.split(",").filter(Boolean) as Scope[],
  dailyLimit: r.daily_limit, createdAt: r.created_at, revokedAt: r.revoked_at,
});

/** 32 random base62 characters (~190 bits) behind a recognisable prefix. */
function newSecret(): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return "wf_" + Array.from(bytes, (b) => alphabet[b % 62]).join("");
}

// Bounds the memory a flood of distinct valid keys can take; only verified keys are kept.
const CACHE_MAX = 10_000;

export class ApiKeyStore {
  private readonly byLookup;
  private readonly cache = new Map<string, { key: ApiKey; until: number }>();
  constructor(private readonly db: Database, private readonly cacheTtlMs = 0) {
    this.byLookup = db.query<KeyRow, [string]>("SELECT * FROM api_key WHERE lookup = ?");
  }

  /** The key's record if the presented secret matches a stored hash (revoked keys included; the caller decides). */
  verify(presented: string): ApiKey | null {
    if (this.cacheTtlMs <= 0) return this.verifyStored(presented);
    const now = performance.now();
    const hit = this.cache.get(presented);
    if (hit && hit.until > now) return hit.key;
    const key = this.verifyStored(presented);
    this.cache.delete(presented);
    if (key) {
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(presented, { key, until: now + this.cacheTtlMs });
    }
    return key;
  }

  private verifyStored(presented: string): ApiKey | null {
    const row = this.byLookup.get(lookupOf(presented));
    if (!row) return null;
    const a = Buffer.from(sha256(presented), "hex");
    const b = Buffer.from(row.hash, "hex");
    return a.length === b.length && timingSafeEqual(a, b) ? toKey(row) : null;
  }

  create(opts: { tier: Tier; scopes: Scope[]; name?: string; dailyLimit?: number; secret?: string }): { key: string; record: ApiKey } {
    const key = opts.secret ?? newSecret();
    this.cache.clear();
    const id = "key_" + crypto.randomUUID().replace(/-/g, "").slice(0, 12);
    this.db.run(
      "INSERT INTO api_key (id, lookup, hash, name, tier, scopes, daily_limit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      [id, lookupOf(key), sha256(key), opts.name ?? null, opts.tier, opts.scopes.join(","), opts.dailyLimit ?? null, new Date().toISOString()],
    );
    return { key, record: this.verify(key)! };
  }

  /** Make sure this exact key exists as an enterprise key with every scope (idempotent; used by containers and tests). */
  ensureBootstrap(secret: string): ApiKey {
    const existing = this.verifyStored(secret);
    if (existing) {
      this.cache.clear();
      this.db.run("UPDATE api_key SET tier = 'enterprise', scopes = ?, revoked_at = NULL WHERE id = ?", [SCOPES.join(","), existing.id]);
      return this.verify(secret)!;
    }
    return this.create({ tier: "enterprise", scopes: [...SCOPES], name: "bootstrap", secret }).record;
  }

  list(): ApiKey[] {
    return this.db.query<KeyRow, []>("SELECT * FROM api_key ORDER BY created_at, id").all().map(toKey);
  }

  revoke(id: string): boolean {
    this.cache.clear();
    return this.db.run("UPDATE api_key SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [new Date().toISOString(), id]).changes === 1;
  }
}
