// One Elysia instance per host, assembled from named steps: its docs (OpenAPI and HTML, built from the route
// declarations), its routing errors (unknown path, wrong method, retired endpoint), and per route the guard
// (key, scope, tier, quota), the answer cache and the body. Each step is a function below.
import { Elysia } from "elysia";
import { z } from "zod";
import { ApiError, fail } from "./errors.ts";
import { guardRequest, type Guard } from "./guard.ts";
import { parseInput, queryParams } from "./validation.ts";
import { respond, errorResponse } from "./responses.ts";
import { carryContext, contextOf, type RequestContext } from "./request-context.ts";
import { serialiseAnswer, successBody, type SerialisedAnswer } from "./envelope.ts";
import { ResultCache } from "./result-cache.ts";
import { andThen, type MaybePromise } from "./maybe-async.ts";
import { jsonBody, type BodyLimits } from "./json-body.ts";
import { csvRows, csvValidationError, isCsv } from "./csv-body.ts";
import { buildOpenApi } from "./openapi.ts";
import { docsPage } from "./docs-page.ts";
import type { AnyRoute, HostKind } from "./route.ts";
import type { HostHandler } from "./server.ts";
import { deprecationHeaders, legacyServed, retiredError, type LegacyEndpointsMode } from "./deprecation.ts";
import { semesterLabel, semesterOn } from "../domain/semester.ts";
import { perUtcDay } from "../domain/utc-day.ts";
import type { Services } from "../services.ts";

export interface HostAppDeps {
  services: Services;
  guard: Guard;
  docBaseUrl: string;
  publicHost: string;
  /** Byte budget of this host's cache of GET answers (0: no cache). */
  resultCacheBytes: number;
  bodyLimits: BodyLimits;
  /** EU_LEGACY_ENDPOINTS: whether deprecated routes answer or are retired (410), read against `clock` per request. */
  legacyEndpoints: LegacyEndpointsMode;
  /** Today, for the removal date ("auto"); tests fix it. */
  clock: () => Date;
}

/** The 410 a deprecated route answers once retired, or null while it is served. */
const retirement = (deps: HostAppDeps, method: string, path: string, deprecated: AnyRoute["deprecated"]) =>
  deprecated && !legacyServed(deps.legacyEndpoints, deps.clock())
    ? retiredError(method, path, deprecated, deps.legacyEndpoints)
    : null;

export function createHostApp(kind: HostKind, routes: readonly AnyRoute[], deps: HostAppDeps): HostHandler {
  const docs = hostDocs(kind, routes, deps.publicHost);
  const cache = new ResultCache(deps.resultCacheBytes);
  const app = new Elysia({ name: `${kind}-host` })
    .onError(routingErrors(kind, routes, deps))
    .get("/openapi.json", ({ request }) => respond(contextOf(request), 200, docs().openapiJson))
    .get("/docs", ({ request }) =>
      respond(contextOf(request), 200, docs().docsHtml, undefined, "text/html; charset=utf-8"),
    );
  // A route whose path has no parameter is found by method and path in one map lookup, its context passed as an
  // argument; Elysia routes the others (and every path near a route: a trailing slash, a wrong method, none).
  const fixed = new Map<string, Map<string, RouteHandler>>(); // path → method → handler
  for (const route of routes) {
    const handle = routeHandler(kind, route, deps, cache);
    if (!route.path.includes(":"))
      fixed.set(route.path, (fixed.get(route.path) ?? new Map()).set(route.method, handle));
    // Elysia parses neither body nor query: the guard runs first, then the route's own parsing.
    app.route(route.method, route.path, ({ request, params }) => handle(request, params, contextOf(request)), {
      parse: "none",
    });
  }
  return {
    fetch(request, ctx) {
      const handle = fixed.get(ctx.path)?.get(request.method);
      return handle ? handle(request, {}, ctx) : app.handle(carryContext(request, ctx));
    },
  };
}

/** Step 1, docs: the OpenAPI document and docs page, built on first request so start-up does not pay for them. */
function hostDocs(kind: HostKind, routes: readonly AnyRoute[], publicHost: string) {
  let docs: { openapiJson: string; docsHtml: string } | undefined;
  return () => {
    if (!docs) {
      const openapi = buildOpenApi(kind, routes, publicHost);
      docs = { openapiJson: JSON.stringify(openapi), docsHtml: docsPage(openapi) };
    }
    return docs;
  };
}

const pathPattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}/?$`);

/** Step 2, routing errors: Elysia's unknown route becomes 405 (the path exists with another method), 410 or 404. */
function routingErrors(kind: HostKind, routes: readonly AnyRoute[], deps: HostAppDeps) {
  const patterns = routes.map((r) => ({ method: r.method, re: pathPattern(r.path), deprecated: r.deprecated }));
  return ({ code, request, error }: { code: unknown; request: Request; error: unknown }) => {
    const ctx = contextOf(request);
    if (code !== "NOT_FOUND") return errorResponse(error, ctx, deps.docBaseUrl);
    const path = ctx.path;
    const matching = patterns.filter((p) => p.re.test(path));
    // HEAD is answered wherever GET is (Bun sends the headers without the body).
    const allowed = [...new Set(matching.flatMap((p) => (p.method === "GET" ? ["GET", "HEAD"] : [p.method])))];
    // A deprecated path keeps its headers on a wrong method too, and once retired it is gone for every method.
    const deprecated = matching.find((p) => p.deprecated)?.deprecated;
    const headers = deprecated ? deprecationHeaders(deprecated) : undefined;
    const retired = retirement(deps, request.method, path, deprecated);
    if (retired) return errorResponse(retired, ctx, deps.docBaseUrl, headers);
    // OPTIONS without a CORS preflight's headers asks what the path allows: 204 with Allow, not an error.
    if (allowed.length && request.method === "OPTIONS")
      return respond(ctx, 204, "", { ...headers, Allow: [...allowed, "OPTIONS"].join(", ") });
    if (allowed.length) {
      return errorResponse(
        new ApiError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${path}; use ${allowed.join(", ")}.`, {
          headers: { Allow: allowed.join(", ") },
        }),
        ctx,
        deps.docBaseUrl,
        headers,
      );
    }
    return errorResponse(
      new ApiError("NOT_FOUND", `No endpoint at ${ctx.pathPrefix ?? ""}${path} on the ${kind} host.`, {
        suggestion: "See /docs on this host for its endpoints.",
      }),
      ctx,
      deps.docBaseUrl,
    );
  };
}

/**
 * A route's handler: step 3, the guard (key, then scope and tier, then quota); step 4, the answer, from the cache
 * or computed; step 5, the body, parsed only after the guard. Synchronous unless the quota ledger or the body
 * needs waiting for: the common path allocates no promise.
 */
type RouteHandler = (request: Request, params: unknown, ctx: RequestContext) => MaybePromise<Response>;

function routeHandler(kind: HostKind, route: AnyRoute, deps: HostAppDeps, cache: ResultCache): RouteHandler {
  const headers = route.deprecated ? deprecationHeaders(route.deprecated) : undefined;
  const answer = routeAnswer(kind, route, deps, cache);
  return (request, params, ctx) => {
    const failed = (err: unknown) => errorResponse(err, ctx, deps.docBaseUrl, headers);
    // A retired endpoint answers 410 to anyone: there is nothing left to guard or count.
    const retired = retirement(deps, route.method, route.path, route.deprecated);
    if (retired) return failed(retired);
    try {
      const out = andThen(guardRequest(deps.guard, route, request, ctx), () =>
        andThen(answer(request, params, ctx), (answered) =>
          respond(ctx, 200, successBody(kind, answered, ctx.requestId, ctx.quota), headers),
        ),
      );
      return out instanceof Promise ? out.catch(failed) : out;
    } catch (err) {
      return failed(err);
    }
  };
}

const NO_QUERY = z.strictObject({});

/** This semester's label ("2026-S2") at a time, worked out once per UTC day rather than per request. */
const semesterAt = perUtcDay((start) => semesterLabel(semesterOn(new Date(start))));

/**
 * Step 4, the answer: GET answers are kept by path and query (the snapshot never changes) for the semester, since
 * EU answers carry the minimum wage in force, which changes on 1 January and 1 July. Step 5, the body: read
 * within the body limits, then validated with the query and path.
 */
function routeAnswer(kind: HostKind, route: AnyRoute, deps: HostAppDeps, cache: ResultCache) {
  const compute = (query: unknown, params: unknown, body: unknown): SerialisedAnswer =>
    serialiseAnswer(kind, route.handle({ query, params, body }, deps.services, fail), deps.services.sources);
  return (request: Request, rawParams: unknown, ctx: RequestContext): MaybePromise<SerialisedAnswer> => {
    const pathAndQuery = ctx.target;
    const cacheKey = route.method === "GET" ? pathAndQuery : null;
    if (cacheKey !== null) cache.holdFor(semesterAt(Date.now()));
    const hit = cacheKey === null ? undefined : cache.get(cacheKey);
    if (hit) {
      if ("error" in hit) throw hit.error;
      return hit;
    }
    // A CSV body (routes that declare one) carries in the query what the JSON body would: its own query schema.
    const csv = route.csv && isCsv(request) ? route.csv : null;
    const query = parseInput(csv ? csv.query : (route.query ?? NO_QUERY), queryParams(pathAndQuery), "query");
    const params = parseInput(route.params, rawParams, "path");
    if (csv) {
      return csvRows(request, deps.bodyLimits, csv).then(({ rows, lines }) => {
        let body;
        try {
          body = parseInput(route.body, csv.toBody(rows, query), "body");
        } catch (err) {
          throw csvValidationError(err, csv, lines);
        }
        return compute(query, params, body);
      });
    }
    if (route.body)
      return jsonBody(request, deps.bodyLimits, Boolean(route.csv)).then((body) =>
        compute(query, params, parseInput(route.body, body, "body")),
      );
    let answered: SerialisedAnswer;
    try {
      answered = compute(query, params, undefined);
    } catch (err) {
      // A client error of a GET is as repeatable as its answer: kept too (a 5xx never is).
      if (cacheKey !== null && err instanceof ApiError && err.status < 500) cache.set(cacheKey, { error: err });
      throw err;
    }
    if (cacheKey !== null) cache.set(cacheKey, answered);
    return answered;
  };
}
