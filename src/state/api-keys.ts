// API keys: issued once, stored only as sha256 hashes, verified in constant time. Two stores keep them: the
// state database (default) and Redis (REDIS_URL, shared by replicas; redis-keys.ts). A serving process keeps
// verified keys for a short time (KEY_CACHE_TTL_MS) so a request costs no store read; its own writes clear that
// cache at once, another process's (`npm run keys -- revoke`) are seen within the TTL.
import type { Database } from "bun:sqlite";

// snapshot:admin: POST /admin/snapshot/reload (enterprise tier), not an endpoint of the spec.
export const SCOPES = [
  "salary:read",
  "compliance:report",
  "compliance:read",
  "costapi:read",
  "skills:read",
  "snapshot:admin",
] as const;
export type Scope = (typeof SCOPES)[number];
export const TIERS = ["free", "pro", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];
/**
 * The lowest tier whose keys can use a scope (the spec's E7 and E8; the admin reload): a key of a lower tier with
 * it could never call what it grants, so the keys CLI refuses to issue one. Routes declare the same (a test checks).
 */
export const SCOPE_MIN_TIER: Partial<Record<Scope, Tier>> = {
  "compliance:report": "enterprise",
  "compliance:read": "pro",
  "snapshot:admin": "enterprise",
};
/** The scopes in `scopes` that a key of `tier` could never use. */
export const unusableScopes = (tier: Tier, scopes: readonly Scope[]): Scope[] =>
  scopes.filter((s) => TIERS.indexOf(tier) < TIERS.indexOf(SCOPE_MIN_TIER[s] ?? "free"));

export interface ApiKey {
  id: string;
  name: string | null;
  tier: Tier;
  scopes: Scope[];
  dailyLimit: number | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface NewKey {
  tier: Tier;
  scopes: Scope[];
  name?: string;
  dailyLimit?: number;
  secret?: string;
}

type MaybePromise<T> = T | Promise<T>;

/** What the guard, the key CLI and start-up need from a key store, whichever holds the keys. */
export interface KeyStore {
  /** The key's record if the presented secret matches a stored hash (revoked keys included; the caller decides). */
  verify(presented: string): MaybePromise<ApiKey | null>;
  create(opts: NewKey): MaybePromise<{ key: string; record: ApiKey }>;
  /** Make sure this exact key exists as an enterprise key with every scope (idempotent; containers and tests). */
  ensureBootstrap(secret: string): MaybePromise<ApiKey>;
  list(): MaybePromise<ApiKey[]>;
  revoke(id: string): MaybePromise<boolean>;
}

export const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");
/** First 16 hex of the hash: finds the stored record without scanning; the full hash is then compared. */
export const lookupOf = (key: string) => sha256(key).slice(0, 16);
export const newKeyId = () => "key_" + crypto.randomUUID().replace(/-/g, "").slice(0, 12);

export function hashMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(sha256(presented), "hex");
  const b = Buffer.from(storedHash, "hex");
  // Bun's global crypto has it: importing node:crypto costs start-up about 12 ms (it loads Node's streams).
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** 32 random base62 characters (~190 bits) behind a recognisable prefix. */
export function newSecret(): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return "wf_" + Array.from(bytes, (b) => alphabet[b % 62]).join("");
}

/**
 * Verified keys by presented secret, each trusted for `ttlMs`. Bounded (only verified keys are kept, at most
 * 10,000). An expired entry is still handed out by `stale` so a caller may fall back on it when the store is
 * unreachable (QUOTA_FAIL_OPEN).
 */
export class VerifiedKeyCache {
  private readonly entries = new Map<string, { key: ApiKey; until: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  fresh(presented: string): ApiKey | undefined {
    const hit = this.entries.get(presented);
    return hit && hit.until > performance.now() ? hit.key : undefined;
  }

  stale(presented: string): ApiKey | undefined {
    return this.entries.get(presented)?.key;
  }

  remember(presented: string, key: ApiKey | null): ApiKey | null {
    this.entries.delete(presented);
    if (key && this.ttlMs > 0) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(presented, { key, until: performance.now() + this.ttlMs });
    }
    return key;
  }

  clear() {
    this.entries.clear();
  }
}

interface KeyRow {
  id: string;
  hash: string;
  name: string | null;
  tier: Tier;
  scopes: string;
  daily_limit: number | null;
  created_at: string;
  revoked_at: string | null;
}

const toKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  tier: r.tier,
  scopes: r.scopes.split(",").filter(Boolean) as Scope[],
  dailyLimit: r.daily_limit,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/** Keys in the state database. Synchronous. */
export class ApiKeyStore implements KeyStore {
  private readonly byLookup;
  private readonly cache: VerifiedKeyCache;
  constructor(
    private readonly db: Database,
    cacheTtlMs = 0,
  ) {
    this.byLookup = db.query<KeyRow, [string]>("SELECT * FROM api_key WHERE lookup = ?");
    this.cache = new VerifiedKeyCache(cacheTtlMs);
  }

  verify(presented: string): ApiKey | null {
    return this.cache.fresh(presented) ?? this.cache.remember(presented, this.verifyStored(presented));
  }

  private verifyStored(presented: string): ApiKey | null {
    const row = this.byLookup.get(lookupOf(presented));
    return row && hashMatches(presented, row.hash) ? toKey(row) : null;
  }

  create(opts: NewKey): { key: string; record: ApiKey } {
    const key = opts.secret ?? newSecret();
    this.cache.clear();
    this.db.run(
      "INSERT INTO api_key (id, lookup, hash, name, tier, scopes, daily_limit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      [
        newKeyId(),
        lookupOf(key),
        sha256(key),
        opts.name ?? null,
        opts.tier,
        opts.scopes.join(","),
        opts.dailyLimit ?? null,
        new Date().toISOString(),
      ],
    );
    return { key, record: this.verify(key)! };
  }

  ensureBootstrap(secret: string): ApiKey {
    // Workers start together: the write lock taken first (BEGIN IMMEDIATE) makes one create the key and the others
    // find it, where two reads then two inserts would break the lookup's uniqueness.
    const ensure = this.db.transaction(() => {
      const existing = this.verifyStored(secret);
      if (!existing) return this.create({ tier: "enterprise", scopes: [...SCOPES], name: "bootstrap", secret }).record;
      this.cache.clear();
      this.db.run("UPDATE api_key SET tier = 'enterprise', scopes = ?, revoked_at = NULL WHERE id = ?", [
        SCOPES.join(","),
        existing.id,
      ]);
      return this.verify(secret)!;
    });
    return ensure.immediate();
  }

  list(): ApiKey[] {
    return this.db.query<KeyRow, []>("SELECT * FROM api_key ORDER BY created_at, id").all().map(toKey);
  }

  revoke(id: string): boolean {
    this.cache.clear();
    return (
      this.db.run("UPDATE api_key SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [
        new Date().toISOString(),
        id,
      ]).changes === 1
    );
  }
}
