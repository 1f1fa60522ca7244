// One Bun server for three hosts: picks the host app from the Host header (X-Forwarded-Host only behind a
// trusted proxy), answers /healthz and /readyz on any host, and writes the access log. Responses carry their
// headers from responses.ts.
import type { Config } from "../config.ts";
import type { HostKind } from "./route.ts";
import { ApiError } from "./errors.ts";
import { beginRequest, pathOf } from "./request-context.ts";
import { errorResponse, json } from "./responses.ts";

export interface HostHandler { fetch(request: Request): Response | Promise<Response> }

export interface Health { live(): unknown; ready(): Promise<{ ok: boolean; body: unknown }> }

/**
 * "Salary.Example.com:8080" → "salary.example.com"; "[::1]:8080" → "[::1]". A Host header names one host, so a
 * list ("a, b") matches nothing; X-Forwarded-Host may list proxies, and its first entry is the client's.
 */
export const hostNameOf = (header: string | null, list = false) => (list ? header?.split(",")[0] : header)?.trim().toLowerCase().replace(/:\d+$/, "") ?? "";

export function createDispatcher(config: Config, hosts: Record<HostKind, HostHandler>, health: Health) {
  const byName = new Map<string, HostKind>([[config.SALARY_HOST, "salary"], [config.COST_HOST, "cost"], [config.SKILLS_HOST, "skills"]]);
  const names = [...byName.keys()].join(", ");

  // Synchronous when the answer is (a cached GET with a lease in hand): no promise per request in that case.
  return function dispatch(request: Request): Response | Promise<Response> {
    const started = performance.now();
    const ctx = beginRequest(request);
    const finish = (response: Response) => {
      if (config.ACCESS_LOG) {
        // The path only: query strings and bodies can carry job titles and pay, which are never logged.
        console.log(JSON.stringify({ level: "info", msg: "request", request_id: ctx.requestId, key_id: ctx.keyId, method: request.method,
          path: pathOf(request.url).slice(0, 200), status: response.status, duration_ms: Math.round((performance.now() - started) * 1000) / 1000 }));
      }
      return response;
    };
    const fail = (err: unknown) => errorResponse(err, ctx, config.DOC_BASE_URL);
    let out: Response | Promise<Response>;
    try {
      out = route(request, ctx);
    } catch (err) {
      out = fail(err);
    }
    if (!(out instanceof Promise)) return finish(out);
    return config.ACCESS_LOG ? out.then(finish, (err) => finish(fail(err))) : out.catch(fail);
  };

  function route(request: Request, ctx: ReturnType<typeof beginRequest>): Response | Promise<Response> {
    const path = pathOf(request.url);
    if (path === "/healthz") return json(ctx, 200, health.live());
    if (path === "/readyz") return health.ready().then((r) => json(ctx, r.ok ? 200 : 503, r.body));
    const forwarded = config.TRUST_PROXY ? request.headers.get("x-forwarded-host") : null;
    const header = forwarded || request.headers.get("host");
    // Most requests name the host exactly as configured; others are normalised first.
    const hostName = hostNameOf(header, Boolean(forwarded));
    const kind = byName.get(header ?? "") ?? byName.get(hostName);
    if (!kind) {
      return errorResponse(new ApiError("UNKNOWN_HOST", `No API is served for host "${hostName.slice(0, 100)}".`,
        { suggestion: `Call one of: ${names}.` }), ctx, config.DOC_BASE_URL);
    }
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > config.MAX_BODY_BYTES) {
      return errorResponse(new ApiError("PAYLOAD_TOO_LARGE", `Request body of ${length} bytes exceeds the limit of ${config.MAX_BODY_BYTES} bytes.`), ctx, config.DOC_BASE_URL);
    }
    return hosts[kind].fetch(request);
  }
}
