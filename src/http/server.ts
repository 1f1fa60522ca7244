// One Bun server for three hosts: picks the host app from the Host header (X-Forwarded-Host only behind a
// trusted proxy), answers /healthz and /readyz on any host, and stamps every response with X-Request-Id
// and the RateLimit headers.
import type { Config } from "../config.ts";
import type { HostKind } from "./route.ts";
import { ApiError } from "./errors.ts";
import { beginRequest } from "./request-context.ts";
import { errorResponse, json } from "./responses.ts";
import { rateLimitHeaders } from "./envelope.ts";

// Headers suited to a JSON API: no MIME sniffing, no framing, no referrer leaks. Responses can depend on the
// key (quota figures), so nothing is stored by shared caches.
const SECURITY_HEADERS: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "no-referrer"],
  ["Cache-Control", "no-store"],
  ["Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"],
];

export interface HostHandler { handle(request: Request): Response | Promise<Response> }

export interface Health { live(): unknown; ready(): { ok: boolean; body: unknown } }

/** "Salary.Example.com:8080" → "salary.example.com"; "[::1]:8080" → "[::1]". */
export const hostNameOf = (header: string | null) => header?.split(",")[0].trim().toLowerCase().replace(/:\d+$/, "") ?? "";

export function createDispatcher(config: Config, hosts: Record<HostKind, HostHandler>, health: Health) {
  const byName = new Map<string, HostKind>([[config.SALARY_HOST, "salary"], [config.COST_HOST, "cost"], [config.SKILLS_HOST, "skills"]]);
  const names = [...byName.keys()].join(", ");

  return async function dispatch(request: Request): Promise<Response> {
    const started = performance.now();
    const ctx = beginRequest(request);
    let response: Response;
    try {
      response = await route(request, ctx);
    } catch (err) {
      response = errorResponse(err, ctx, config.DOC_BASE_URL);
    }
    response.headers.set("X-Request-Id", ctx.requestId);
    for (const [k, v] of SECURITY_HEADERS) response.headers.set(k, v);
    if (ctx.quota) for (const [k, v] of Object.entries(rateLimitHeaders(ctx.quota))) response.headers.set(k, v);
    if (config.ACCESS_LOG) {
      // The path only: query strings and bodies can carry job titles and pay, which are never logged.
      console.log(JSON.stringify({ level: "info", msg: "request", request_id: ctx.requestId, key_id: ctx.keyId, method: request.method,
        path: pathOf(request.url).slice(0, 200), status: response.status, duration_ms: Math.round((performance.now() - started) * 1000) / 1000 }));
    }
    return response;
  };

  async function route(request: Request, ctx: ReturnType<typeof beginRequest>): Promise<Response> {
    const path = pathOf(request.url);
    if (path === "/healthz") return json(200, health.live());
    if (path === "/readyz") {
      const r = health.ready();
      return json(r.ok ? 200 : 503, r.body);
    }
    const forwarded = config.TRUST_PROXY ? request.headers.get("x-forwarded-host") : null;
    const hostName = hostNameOf(forwarded || request.headers.get("host"));
    const kind = byName.get(hostName);
    if (!kind) {
      return errorResponse(new ApiError(404, "UNKNOWN_HOST", `No API is served for host "${hostName.slice(0, 100)}".`,
        { suggestion: `Call one of: ${names}.` }), ctx, config.DOC_BASE_URL);
    }
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > config.MAX_BODY_BYTES) {
      return errorResponse(new ApiError(413, "PAYLOAD_TOO_LARGE", `Request body of ${length} bytes exceeds the limit of ${config.MAX_BODY_BYTES} bytes.`), ctx, config.DOC_BASE_URL);
    }
    return hosts[kind].handle(request);
  }
}

function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.indexOf("?", start);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}
