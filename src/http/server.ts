// One Bun server for three hosts: picks the host app from a path prefix (/salary/…, /cost/…, /skills/…, on any
// Host: what a browser or a single-hostname site can use) or else the Host header (X-Forwarded-Host only behind a
// trusted proxy), answers /healthz and /readyz on any host, serves the browser explorer at / and /explore/… on
// any host, sets CORS headers for allowed origins, and writes the access log. Each request holds the snapshot it
// started on until its response is made. Responses carry their headers from
// responses.ts.
import type { Config } from "../config.ts";
import type { HostKind } from "./route.ts";
import { ApiError } from "./errors.ts";
import { beginRequest, retarget, type RequestContext } from "./request-context.ts";
import { createAccessLog } from "./access-log.ts";
import { errorResponse, json, respond } from "./responses.ts";
import { corsHeaders, isPreflight, preflightHeaders } from "./cors.ts";
import { isExplorerPath, serveExplorer, type ExplorerAssets } from "./explorer.ts";
import { workerLogField } from "../workers.ts";

/** A host (host-app.ts): a request and its context in, a response out. */
export interface HostHandler {
  fetch(request: Request, ctx: RequestContext): Response | Promise<Response>;
}

/** `liveJson`: the liveness answer, serialised once per snapshot (it names the snapshot and its vintages, which never change). */
export interface Health {
  liveJson: string;
  ready(): Promise<{ ok: boolean; body: unknown }>;
}

/** What one snapshot serves: the three hosts and the health answers. */
export interface ServedSnapshot {
  snapshotId: string;
  hosts: Record<HostKind, HostHandler>;
  health: Health;
}

/** A request's hold on the snapshot it runs on (the snapshot can be swapped meanwhile; live-snapshot.ts). */
export interface SnapshotLease {
  readonly served: ServedSnapshot;
  release(): void;
}

/** Paths answered the same on every host besides the health probes (the admin route). */
export type AnyHostRoutes = Record<string, (request: Request, ctx: RequestContext) => Response | Promise<Response>>;

/**
 * "Salary.Example.com:8080" → "salary.example.com"; "[::1]:8080" → "[::1]". A Host header names one host, so a
 * list ("a, b") matches nothing; X-Forwarded-Host may list proxies, and its first entry is the client's.
 */
export const hostNameOf = (header: string | null, list = false) =>
  (list ? header?.split(",")[0] : header)?.trim().toLowerCase().replace(/:\d+$/, "") ?? "";

/**
 * The longest request target (path and query) answered: longer ones get 414 in the envelope. Bun's own cap on the request line and headers
 * (16 KiB by default; 64 KiB as `npm start` and the executable run it, --max-http-header-size) answers an empty 431 first.
 */
export const MAX_URL_BYTES = 8192;

const BODILESS = new Set(["GET", "HEAD"]);

/** A path naming its host: /salary, /cost or /skills, then / or the end. */
const PREFIX = /^\/(salary|cost|skills)(?=\/|$)/;

export function createDispatcher(
  config: Config,
  serving: { lease(): SnapshotLease },
  anyHost: AnyHostRoutes,
  explorer: ExplorerAssets,
) {
  const byName = new Map<string, HostKind>([
    [config.SALARY_HOST, "salary"],
    [config.COST_HOST, "cost"],
    [config.SKILLS_HOST, "skills"],
  ]);
  const names = [...byName.keys()].join(", ");
  const allowedOrigins = new Set(config.CORS_ORIGINS);
  const byKind: Record<HostKind, string> = {
    salary: config.SALARY_HOST,
    cost: config.COST_HOST,
    skills: config.SKILLS_HOST,
  };
  const accessLog = config.ACCESS_LOG ? createAccessLog(workerLogField()) : null;

  // The health probes by path on any host, matched by Bun's router before any URL is built (Bun.serve's routes).
  const routes = {
    "/healthz": (request: Request) => dispatch(request, "/healthz"),
    "/readyz": (request: Request) => dispatch(request, "/readyz"),
  };
  return { fetch: (request: Request) => dispatch(request), routes };

  // Synchronous when the answer is (a cached GET with a lease in hand): no promise per request in that case.
  function dispatch(request: Request, knownTarget?: string): Response | Promise<Response> {
    const started = accessLog ? performance.now() : 0;
    const ctx = beginRequest(request, knownTarget);
    const requested = ctx.path; // as the client sent it (a path-prefixed request is re-targeted below)
    if (allowedOrigins.size) ctx.cors = corsHeaders(request.headers.get("origin"), allowedOrigins);
    // The whole request runs on one snapshot, named in X-Snapshot-Id, even if a swap happens meanwhile.
    const lease = serving.lease();
    ctx.snapshotId = lease.served.snapshotId;
    const finish = (response: Response) => {
      lease.release();
      // The path only: query strings and bodies can carry job titles and pay, which are never logged.
      accessLog?.log({
        requestId: ctx.requestId,
        keyId: ctx.keyId,
        method: request.method,
        path: requested.slice(0, 200),
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      });
      return response;
    };
    const fail = (err: unknown) => errorResponse(err, ctx, config.DOC_BASE_URL);
    let out: Response | Promise<Response>;
    try {
      out = route(request, ctx, lease.served);
    } catch (err) {
      out = fail(err);
    }
    if (!(out instanceof Promise)) return finish(out);
    return out.then(finish, (err) => finish(fail(err)));
  }

  function route(request: Request, ctx: RequestContext, served: ServedSnapshot): Response | Promise<Response> {
    const { target, path } = ctx; // as the request line carries them
    if (target.length > MAX_URL_BYTES) {
      // Its docs link keeps the prefix the request came by, as every other error's does.
      const by = PREFIX.exec(path);
      if (by) ctx.pathPrefix = `/${by[1]}`;
      return errorResponse(
        new ApiError(
          "URI_TOO_LONG",
          `The request target (path and query) is ${target.length} characters long; at most ${MAX_URL_BYTES} are accepted.`,
          { suggestion: "Shorten the query; lists belong in a POST body where the route takes one." },
        ),
        ctx,
        config.DOC_BASE_URL,
      );
    }
    if (path === "/healthz") return respond(ctx, 200, served.health.liveJson);
    if (path === "/readyz") return served.health.ready().then((r) => json(ctx, r.ok ? 200 : 503, r.body));
    if (isPreflight(request)) return respond(ctx, 204, "", ctx.cors ? preflightHeaders() : undefined);
    if (Object.hasOwn(anyHost, path)) return anyHost[path](request, ctx);
    if (isExplorerPath(path)) return serveExplorer(path, request.method, ctx, explorer, config.DOC_BASE_URL);
    const prefixed = PREFIX.exec(path);
    if (prefixed) return forward(prefixed[1] as HostKind, served, request, ctx);
    const forwarded = config.TRUST_PROXY ? request.headers.get("x-forwarded-host") : null;
    const header = forwarded || request.headers.get("host");
    // Most requests name the host exactly as configured; others are normalised first.
    const kind = byName.get(header ?? "") ?? byName.get(hostNameOf(header, Boolean(forwarded)));
    if (!kind) {
      return errorResponse(
        new ApiError(
          "UNKNOWN_HOST",
          `No API is served for host "${hostNameOf(header, Boolean(forwarded)).slice(0, 100)}".`,
          {
            suggestion: `Call one of: ${names}, or any host with a path prefix: /salary/api/v1/…, /cost/api/v1/…, /skills/api/v1/….`,
          },
        ),
        ctx,
        config.DOC_BASE_URL,
      );
    }
    return toHost(kind, served, request, ctx);
  }

  function toHost(
    kind: HostKind,
    served: ServedSnapshot,
    request: Request,
    ctx: RequestContext,
  ): Response | Promise<Response> {
    // A GET's or HEAD's body is never read: only a body a route reads is held to the limit.
    const length = BODILESS.has(request.method) ? 0 : Number(request.headers.get("content-length") ?? 0);
    if (length > config.MAX_BODY_BYTES) {
      return errorResponse(
        new ApiError(
          "PAYLOAD_TOO_LARGE",
          `Request body of ${length} bytes exceeds the limit of ${config.MAX_BODY_BYTES} bytes.`,
        ),
        ctx,
        config.DOC_BASE_URL,
      );
    }
    return served.hosts[kind].fetch(request, ctx);
  }

  /** /salary/api/v1/x?q → the salary host's /api/v1/x?q: the same request (method, headers, body) re-targeted. */
  function forward(
    kind: HostKind,
    served: ServedSnapshot,
    request: Request,
    ctx: RequestContext,
  ): Response | Promise<Response> {
    const rest = ctx.target.slice(kind.length + 1); // "/api/v1/x?q", "?q" or ""
    const target = rest.startsWith("/") ? rest : `/${rest}`;
    retarget(ctx, target); // the access log keeps the path as sent (`requested` in dispatch)
    ctx.pathPrefix = `/${kind}`;
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
    };
    return toHost(kind, served, new Request(`http://${byKind[kind]}${target}`, init), ctx);
  }
}
