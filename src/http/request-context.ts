// Per-request facts the dispatcher and the route runner share, keyed by the Request object itself.
import type { QuotaDecision } from "../state/quota.ts";

export interface RequestContext { requestId: string; quota: QuotaDecision | null; keyId: string | null }

const contexts = new WeakMap<Request, RequestContext>();

// A client may pass its own X-Request-Id for tracing; anything unusual is replaced rather than echoed.
const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function beginRequest(request: Request): RequestContext {
  const incoming = request.headers.get("x-request-id");
  const ctx: RequestContext = { requestId: incoming && SAFE_ID.test(incoming) ? incoming : `req_${crypto.randomUUID().replace(/-/g, "")}`, quota: null, keyId: null };
  contexts.set(request, ctx);
  return ctx;
}

export const contextOf = (request: Request): RequestContext => contexts.get(request) ?? beginRequest(request);
