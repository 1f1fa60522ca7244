// Per-request facts the dispatcher and the route runner share, carried on the Request object itself.
import type { QuotaDecision } from "../state/quota.ts";

/**
 * target and path: the request's path and query, and its path, read from the URL once (Bun builds `request.url`
 * anew on every read). cors: the CORS headers every response to this request carries (an allowed Origin's), or
 * none. snapshotId: the snapshot answering it (X-Snapshot-Id).
 */
export interface RequestContext {
  requestId: string;
  target: string;
  path: string;
  quota: QuotaDecision | null;
  keyId: string | null;
  cors?: Record<string, string>;
  snapshotId?: string;
  /** The host's path prefix the request came by ("/salary"): links the answer gives keep it. */
  pathPrefix?: string;
}

const CONTEXT = Symbol("workforce-api.request-context");
type WithContext = Request & { [CONTEXT]?: RequestContext };

// A client may pass its own X-Request-Id for tracing; anything unusual is replaced rather than echoed.
const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

// Our ids: 80 random bits per process and a counter, so ids are unique across replicas and restarts without a
// random draw per request. The counter starts at 16^11, so every id has the same length (36 characters).
const PROCESS_PREFIX = `req_${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => b.toString(16).padStart(2, "0")).join("")}`;
let counter = 16 ** 11;
export const newRequestId = () => PROCESS_PREFIX + (++counter).toString(16);

/**
 * A request's context. `knownTarget`: the path when the server's own router already matched it (the health
 * probes), so the URL is not built: Bun makes `request.url` anew on each read, a good part of a probe's cost.
 */
export function beginRequest(request: Request, knownTarget?: string): RequestContext {
  const incoming = request.headers.get("x-request-id");
  const target = knownTarget ?? targetOf(request.url);
  return {
    requestId: incoming && SAFE_ID.test(incoming) ? incoming : newRequestId(),
    target,
    path: pathIn(target),
    quota: null,
    keyId: null,
  };
}

/** The context carried on a request handed to Elysia (carryContext), or a fresh one. */
export const contextOf = (request: Request): RequestContext =>
  (request as WithContext)[CONTEXT] ?? beginRequest(request);

/** Carries a request's context over to a request rebuilt from it (a path-prefixed call, re-targeted). */
export function carryContext(to: Request, ctx: RequestContext): Request {
  (to as WithContext)[CONTEXT] = ctx;
  return to;
}

/** The context of a request re-targeted to `target` (/salary/api/v1/x?q answered as /api/v1/x?q). */
export function retarget(ctx: RequestContext, target: string): void {
  ctx.target = target;
  ctx.path = pathIn(target);
}

/**
 * The request target, path and query ("/api/v1/salary?job_title=x"), cut from the URL text: never throws. A
 * request without a Host header (HTTP/1.0, a container's health probe) has a URL that is the target alone.
 */
export function targetOf(url: string): string {
  if (url.startsWith("/")) return url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start < 0 ? "/" : url.slice(start);
}

/** The path of a request target, without query. */
export function pathIn(target: string): string {
  const query = target.indexOf("?");
  return query < 0 ? target : target.slice(0, query);
}
