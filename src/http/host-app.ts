// One Elysia instance per host: its routes (declared as data), its OpenAPI document and docs page, and
// the mapping of framework errors (unknown route, wrong method, bad JSON) onto the spec's envelope.
import { Elysia } from "elysia";
import { z } from "zod";
import { ApiError, fail } from "./errors.ts";
import { authorize, type Guard } from "./guard.ts";
import { parseInput, queryParams } from "./validation.ts";
import { respond, errorResponse } from "./responses.ts";
import { contextOf, pathOf, targetOf, type RequestContext } from "./request-context.ts";
import { serialiseAnswer, successJson, type SerialisedAnswer } from "./envelope.ts";
import { ResultCache } from "./result-cache.ts";
import { andThen } from "./maybe-async.ts";
import { jsonBody, type BodyLimits } from "./json-body.ts";
import { buildOpenApi } from "./openapi.ts";
import { docsPage } from "./docs-page.ts";
import type { AnyRoute, HostKind } from "./route.ts";
import { deprecationHeaders, retiredError } from "./deprecation.ts";
import { semesterLabel, semesterOn } from "../domain/semester.ts";
import type { Services } from "../services.ts";
import type { QuotaDecision } from "../state/quota.ts";

export interface HostAppDeps {
  services: Services;
  guard: Guard;
  docBaseUrl: string;
  publicHost: string;
  /** Byte budget of this host's cache of GET answers (0: no cache). */
  resultCacheBytes: number;
  bodyLimits: BodyLimits;
  /** false: deprecated routes answer 410 (EU_LEGACY_ENDPOINTS=off). */
  legacyEndpoints: boolean;
}

const NO_QUERY = z.strictObject({});
const pathPattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}/?$`);

export function createHostApp(kind: HostKind, routes: readonly AnyRoute[], deps: HostAppDeps) {
  // The OpenAPI document and docs page are built on first request: start-up does not pay for them.
  let docs: { openapiJson: string; docsHtml: string } | undefined;
  const docsOf = () => {
    if (!docs) {
      const openapi = buildOpenApi(kind, routes, deps.publicHost);
      docs = { openapiJson: JSON.stringify(openapi), docsHtml: docsPage(openapi) };
    }
    return docs;
  };
  const patterns = routes.map((r) => ({ method: r.method, re: pathPattern(r.path), deprecated: r.deprecated }));
  const cache = new ResultCache(deps.resultCacheBytes);

  const app = new Elysia({ name: `${kind}-host` })
    .onError(({ code, request, error }) => {
      const ctx = contextOf(request);
      if (code === "NOT_FOUND") {
        const path = pathOf(request.url);
        const matching = patterns.filter((p) => p.re.test(path));
        const allowed = [...new Set(matching.map((p) => p.method))];
        // A deprecated path keeps its headers on a wrong method too, and once retired it is gone for every method.
        const deprecated = matching.find((p) => p.deprecated)?.deprecated;
        const headers = deprecated ? deprecationHeaders(deprecated) : undefined;
        if (deprecated && !deps.legacyEndpoints) return errorResponse(retiredError(request.method, path, deprecated), ctx, deps.docBaseUrl, headers);
        if (allowed.length) {
          return errorResponse(new ApiError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${path}; use ${allowed.join(", ")}.`,
            { headers: { Allow: allowed.join(", ") } }), ctx, deps.docBaseUrl, headers);
        }
        return errorResponse(new ApiError("NOT_FOUND", `No endpoint at ${path} on the ${kind} host.`,
          { suggestion: "See /docs on this host for its endpoints." }), ctx, deps.docBaseUrl);
      }
      return errorResponse(error, ctx, deps.docBaseUrl);
    })
    .get("/openapi.json", ({ request }) => respond(contextOf(request), 200, docsOf().openapiJson))
    .get("/docs", ({ request }) => respond(contextOf(request), 200, docsOf().docsHtml, undefined, "text/html; charset=utf-8"));

  for (const route of routes) {
    // Validation and the handler; GET answers are kept by path and query (the snapshot never changes).
    const compute = (input: { query: unknown; params: unknown; body: unknown }, cacheKey: string | null): SerialisedAnswer => {
      const answered = serialiseAnswer(kind, route.handle(input, deps.services, fail), deps.services.sources);
      if (cacheKey !== null) cache.set(cacheKey, answered);
      return answered;
    };
    const headers = route.deprecated ? deprecationHeaders(route.deprecated) : undefined;
    const reply = (ctx: RequestContext, answer: SerialisedAnswer) =>
      respond(ctx, 200, successJson(kind, answer, ctx.requestId, ctx.quota), headers);

    // Key, scope and quota first; then the answer, from the cache or computed. The body is parsed here, after
    // those checks, not by Elysia before them; Elysia parses no query either (the handler does not ask for it).
    // Synchronous unless the quota ledger or the body needs waiting for.
    const run = (request: Request, params: unknown, ctx: RequestContext, quota: QuotaDecision): Response | Promise<Response> => {
      ctx.quota = quota;
      deps.guard.enforce(quota);
      const pathAndQuery = targetOf(request.url);
      // Keyed by semester too: EU answers carry the minimum wage in force, which changes on 1 January and 1 July.
      const cacheKey = route.method === "GET" ? `${semesterLabel(semesterOn(new Date()))} ${pathAndQuery}` : null;
      const hit = cacheKey === null ? undefined : cache.get(cacheKey);
      if (hit) return reply(ctx, hit);
      const query = parseInput(route.query ?? NO_QUERY, queryParams(pathAndQuery), "query");
      const path = parseInput(route.params, params, "path");
      if (!route.body) return reply(ctx, compute({ query, params: path, body: undefined }, cacheKey));
      return jsonBody(request, deps.bodyLimits).then((body) => reply(ctx, compute({ query, params: path, body: parseInput(route.body, body, "body") }, cacheKey)));
    };

    app.route(route.method, route.path, ({ request, params }) => {
      const ctx = contextOf(request);
      const fail = (err: unknown) => errorResponse(err, ctx, deps.docBaseUrl, headers);
      // A retired endpoint answers 410 to anyone: there is nothing left to guard or count.
      if (route.deprecated && !deps.legacyEndpoints) return fail(retiredError(route.method, route.path, route.deprecated));
      try {
        const out = andThen(deps.guard.authenticate(request.headers.get("x-api-key")), (key) => {
          ctx.keyId = key.id;
          authorize(key, route);
          return andThen(deps.guard.admit(key), (quota) => run(request, params, ctx, quota));
        });
        return out instanceof Promise ? out.catch(fail) : out;
      } catch (err) {
        return fail(err);
      }
    }, { parse: "none" });
  }
  return app;
}
