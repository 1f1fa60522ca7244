// Who may call a route, and how many times today: API key → scope and tier → daily quota.
import { ApiError } from "./errors.ts";
import type { ApiKey, KeyStore, Scope, Tier } from "../state/api-keys.ts";
import { StateUnavailable } from "../state/unavailable.ts";
import type { MaybePromise } from "./maybe-async.ts";
import { TIERS } from "../state/api-keys.ts";
import type { QuotaDecision, QuotaMeter } from "../state/quota.ts";
import { andThen } from "./maybe-async.ts";
import type { RequestContext } from "./request-context.ts";

export interface Requirement {
  scope: Scope;
  minTier?: Tier;
}

export type TierLimits = Record<Tier, number>;

/** Pure decision: does this key satisfy the requirement? Throws the 403 that says what is missing. */
export function authorize(key: ApiKey, need: Requirement): void {
  if (need.minTier && TIERS.indexOf(key.tier) < TIERS.indexOf(need.minTier)) {
    const allowed = TIERS.slice(TIERS.indexOf(need.minTier)).join(" or ");
    throw new ApiError(
      "TIER_REQUIRED",
      `This endpoint needs the ${allowed} tier; this key is on the ${key.tier} tier.`,
      { suggestion: "Use a key issued for a higher tier." },
    );
  }
  if (!key.scopes.includes(need.scope)) {
    throw new ApiError(
      "INSUFFICIENT_SCOPE",
      `This endpoint needs the scope ${need.scope}; this key has ${key.scopes.join(", ") || "no scopes"}.`,
      { suggestion: `Issue a key with the ${need.scope} scope.` },
    );
  }
}

export class Guard {
  constructor(
    private readonly keys: KeyStore,
    private readonly quota: QuotaMeter,
    private readonly limits: TierLimits,
  ) {}

  authenticate(presented: string | null): MaybePromise<ApiKey> {
    if (!presented)
      throw new ApiError("INVALID_API_KEY", "Missing API key: send it in the X-API-Key header.", {
        suggestion: "Ask whoever runs this service for an API key, and send it in the X-API-Key header.",
      });
    // Bound the work an attacker can make us do, and never echo the key back.
    if (presented.length > 256) throw new ApiError("INVALID_API_KEY", "The API key is not valid.");
    const found = this.keys.verify(presented);
    return found instanceof Promise ? found.then(checked, unavailable) : checked(found);
  }

  /** Count this request against the key's daily quota (a refused request is not counted). */
  admit(key: ApiKey, now?: Date): MaybePromise<QuotaDecision> {
    let decision: MaybePromise<QuotaDecision>;
    try {
      decision = this.quota.consume(key.id, key.dailyLimit ?? this.limits[key.tier], now);
    } catch (err) {
      return unavailable(err);
    }
    return decision instanceof Promise ? decision.catch(unavailable) : decision;
  }

  /** 429 once the day's quota is spent. Separate from admit() so the caller can report the decision either way. */
  enforce(decision: QuotaDecision, now?: Date): void {
    if (!decision.allowed) {
      const at = now?.getTime() ?? Date.now();
      const retryAfter = Math.max(1, Math.ceil((decision.resetAt.getTime() - at) / 1000));
      throw new ApiError(
        "RATE_LIMIT_EXCEEDED",
        `Daily quota of ${decision.limit} requests used up; it resets at ${decision.resetAt.toISOString()}.`,
        {
          suggestion: "Wait for the reset or use a key with a higher daily limit.",
          headers: { "Retry-After": String(retryAfter) },
        },
      );
    }
  }
}

/** A request through the guard: the key is known and not revoked, has the scope and tier, and has quota left. */
export function guardRequest(
  guard: Guard,
  need: Requirement,
  request: Request,
  ctx: RequestContext,
): MaybePromise<QuotaDecision> {
  const presented = request.headers.get("x-api-key");
  // A key sent the way many APIs take one: say where this one reads it, rather than only that it is missing.
  if (!presented && request.headers.has("authorization"))
    throw new ApiError(
      "INVALID_API_KEY",
      "Missing API key: this API reads the key from the X-API-Key header; the Authorization header is not read.",
      { suggestion: "Send the key as X-API-Key: <key>." },
    );
  return andThen(guard.authenticate(presented), (key) => {
    ctx.keyId = key.id;
    authorize(key, need);
    return andThen(guard.admit(key), (quota) => {
      ctx.quota = quota;
      guard.enforce(quota);
      return quota;
    });
  });
}

function checked(key: ApiKey | null): ApiKey {
  if (!key) throw new ApiError("INVALID_API_KEY", "The API key is not valid.");
  if (key.revokedAt) throw new ApiError("INVALID_API_KEY", "The API key has been revoked.");
  return key;
}

/** The shared key or quota store cannot be reached: 503, never a guess (unless QUOTA_FAIL_OPEN admitted it). */
function unavailable(err: unknown): never {
  if (err instanceof StateUnavailable) {
    console.error(JSON.stringify({ level: "error", msg: "state store unavailable", error: err.message }));
    throw new ApiError("SERVICE_UNAVAILABLE", "The key and quota store is unavailable; try again shortly.", {
      headers: { "Retry-After": "1" },
    });
  }
  throw err;
}
