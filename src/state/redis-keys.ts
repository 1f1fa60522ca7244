// API keys in Redis, so replicas share them and a revocation reaches every replica (within KEY_CACHE_TTL_MS).
// wf:key:<lookup> is a hash holding one key's record (sha256 of the key, never the key); wf:key-ids maps key id
// → lookup, for `keys list` and `keys revoke <id>`.
import {
  SCOPES,
  VerifiedKeyCache,
  hashMatches,
  lookupOf,
  newKeyId,
  newSecret,
  sha256,
  type ApiKey,
  type KeyStore,
  type NewKey,
  type Scope,
  type Tier,
} from "./api-keys.ts";
import type { Redis } from "./redis.ts";

const recordKey = (lookup: string) => `wf:key:${lookup}`;
const IDS = "wf:key-ids";
/** Unless record KEYS[1] exists: HSET it to ARGV[3…] and list it in KEYS[2] as id ARGV[1] → lookup ARGV[2]; 1 if it wrote. */
const CREATE_IF_ABSENT = `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1`;

/** HGETALL's answer (an object, or a flat [field, value, …] list) as an object. */
function fieldsOf(reply: unknown): Record<string, string> {
  if (Array.isArray(reply)) {
    const out: Record<string, string> = {};
    for (let i = 0; i + 1 < reply.length; i += 2) out[String(reply[i])] = String(reply[i + 1]);
    return out;
  }
  return (reply ?? {}) as Record<string, string>;
}

/** A key record's fields, as HSET takes them. */
function recordFields(id: string, key: string, opts: NewKey): string[] {
  return [
    "id",
    id,
    "hash",
    sha256(key),
    "name",
    opts.name ?? "",
    "tier",
    opts.tier,
    "scopes",
    opts.scopes.join(","),
    "daily_limit",
    opts.dailyLimit ? String(opts.dailyLimit) : "",
    "created_at",
    new Date().toISOString(),
    "revoked_at",
    "",
  ];
}

const toKey = (f: Record<string, string>): ApiKey => ({
  id: f.id,
  name: f.name || null,
  tier: f.tier as Tier,
  scopes: f.scopes.split(",").filter(Boolean) as Scope[],
  dailyLimit: f.daily_limit ? Number(f.daily_limit) : null,
  createdAt: f.created_at,
  revokedAt: f.revoked_at || null,
});

export class RedisKeyStore implements KeyStore {
  private readonly cache: VerifiedKeyCache;
  /** serveStale: when Redis is unreachable, a key verified earlier stays valid (QUOTA_FAIL_OPEN). */
  constructor(
    private readonly redis: Redis,
    cacheTtlMs: number,
    private readonly serveStale = false,
  ) {
    this.cache = new VerifiedKeyCache(cacheTtlMs);
  }

  verify(presented: string): ApiKey | null | Promise<ApiKey | null> {
    return (
      this.cache.fresh(presented) ??
      this.verifyStored(presented).then(
        (key) => this.cache.remember(presented, key),
        (err) => {
          const stale = this.serveStale ? this.cache.stale(presented) : undefined;
          if (stale) return stale;
          throw err;
        },
      )
    );
  }

  private async verifyStored(presented: string): Promise<ApiKey | null> {
    const f = fieldsOf(await this.redis.send("HGETALL", [recordKey(lookupOf(presented))]));
    return f.hash && hashMatches(presented, f.hash) ? toKey(f) : null;
  }

  async create(opts: NewKey): Promise<{ key: string; record: ApiKey }> {
    const key = opts.secret ?? newSecret();
    await this.writeIfAbsent(key, opts);
    return { key, record: (await this.verifyStored(key))! };
  }

  /**
   * A key's record and its listing, written by one script unless a record for its lookup exists: a failure between
   * two writes cannot leave a key no one can list or revoke, and replicas bootstrapping one secret together write it
   * once, never a second id for it.
   */
  private async writeIfAbsent(key: string, opts: NewKey): Promise<void> {
    const id = newKeyId(),
      lookup = lookupOf(key);
    this.cache.clear();
    await this.redis.send("EVAL", [
      CREATE_IF_ABSENT,
      "2",
      recordKey(lookup),
      IDS,
      id,
      lookup,
      ...recordFields(id, key, opts),
    ]);
  }

  async ensureBootstrap(secret: string): Promise<ApiKey> {
    await this.writeIfAbsent(secret, { tier: "enterprise", scopes: [...SCOPES], name: "bootstrap", secret });
    // Written now or before (then perhaps downgraded or revoked): an enterprise key with every scope again.
    const lookup = lookupOf(secret);
    this.cache.clear();
    await this.redis.send("HSET", [
      recordKey(lookup),
      "tier",
      "enterprise",
      "scopes",
      SCOPES.join(","),
      "revoked_at",
      "",
    ]);
    return (await this.verifyStored(secret))!;
  }

  async list(): Promise<ApiKey[]> {
    const lookups = Object.values(fieldsOf(await this.redis.send("HGETALL", [IDS])));
    const keys = await Promise.all(
      lookups.map(async (l) => fieldsOf(await this.redis.send("HGETALL", [recordKey(l)]))),
    );
    return keys
      .filter((f) => f.id)
      .map(toKey)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async revoke(id: string): Promise<boolean> {
    this.cache.clear();
    const lookup = (await this.redis.send("HGET", [IDS, id])) as string | null;
    if (!lookup) return false;
    const revoked = (await this.redis.send("HGET", [recordKey(lookup), "revoked_at"])) as string | null;
    if (revoked) return false;
    await this.redis.send("HSET", [recordKey(lookup), "revoked_at", new Date().toISOString()]);
    return true;
  }
}
