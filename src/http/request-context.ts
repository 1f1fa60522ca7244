// Per-request facts the dispatcher and the route runner share, carried on the Request object itself.
import type { QuotaDecision } from "../state/quota.ts";

export interface RequestContext { requestId: string; quota: QuotaDecision | null; keyId: string | null }

const CONTEXT = Symbol("workforce-api.request-context");
type WithContext = Request & { [CONTEXT]?: RequestContext };

// A client may pass its own X-Request-Id for tracing; anything unusual is replaced rather than echoed.
const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function beginRequest(request: Request): RequestContext {
  const incoming = request.headers.get("x-request-id");
  const ctx: RequestContext = { requestId: incoming && SAFE_ID.test(incoming) ? incoming : `req_${crypto.randomUUID().replace(/-/g, "")}`, quota: null, keyId: null };
  (request as WithContext)[CONTEXT] = ctx;
  return ctx;
}

export const contextOf = (request: Request): RequestContext => (request as WithContext)[CONTEXT] ?? beginRequest(request);
