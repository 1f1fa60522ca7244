// Contracts generated from the route tables: every route, present and future, gets the same checks of who may
// call it, what a bad request gets, and whether its fields are documented. Routes are not listed here by hand:
// a new route is covered the moment it joins its host's table, and fails here until it has examples and
// descriptions (as Unkey's shared route tests and Datasette's test of undocumented settings do).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { z } from "zod";
import { startTestServer, type TestServer } from "../support/server.ts";
import { ROUTES, requestOf } from "../support/routes.ts";
import { errorCodesOf, type AnyRoute, type HostKind } from "../../src/http/route.ts";
import { ERROR_CODES, type ErrorCode } from "../../src/http/errors.ts";
import { SCOPES, TIERS } from "../../src/state/api-keys.ts";

let s: TestServer;
let revokedKey: string;
beforeAll(() => {
  s = startTestServer({ EU_LEGACY_ENDPOINTS: "on" }); // E4–E6 answer 410 by default since 2026-09-01; served, they keep their contracts
  revokedKey = s.key("enterprise", [...SCOPES]);
  s.keys.revoke(s.keys.verify(revokedKey)!.id);
});
afterAll(() => s.stop());

const send = (
  host: HostKind,
  route: AnyRoute,
  key: string | null,
  opts: { method?: string; extraQuery?: Record<string, string> } = {},
) => {
  const r = requestOf(route, route.examples[0], opts.extraQuery);
  const method = opts.method ?? route.method;
  return s.call(host, r.url, {
    key,
    method,
    body: method === "POST" ? (r.body ?? "{}") : undefined,
    headers: method === "POST" ? { "content-type": "application/json" } : undefined,
  });
};

/** An error answer in the spec's envelope: its code declared by the route, its status the code's own, its request_id the header's. */
async function expectError(res: Response, route: AnyRoute, code: ErrorCode) {
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(res.status).toBe(ERROR_CODES[code].status);
  expect(body.error.status).toBe(res.status);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.request_id).toBe(res.headers.get("x-request-id")!);
  expect(body.error.doc_url).toContain("#error-");
  expect(errorCodesOf(route)).toContain(code);
  return body.error;
}

/** Dotted paths of object properties in a JSON schema that carry no description. */
function undescribed(schema: Record<string, any>, path: string, out: string[] = []): string[] {
  for (const key of ["anyOf", "oneOf", "allOf"]) for (const s of schema[key] ?? []) undescribed(s, path, out);
  if (schema.items) undescribed(schema.items, `${path}[]`, out);
  for (const [name, prop] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
    if (!prop.description) out.push(`${path}.${name}`);
    undescribed(prop, `${path}.${name}`, out);
  }
  return out;
}
const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, any>;

test("the route tables hold every route once, and ids and method+path pairs are unique", () => {
  expect(ROUTES.length).toBeGreaterThanOrEqual(23);
  expect(new Set(ROUTES.map(({ route }) => route.id)).size).toBe(ROUTES.length);
  expect(new Set(ROUTES.map(({ host, route }) => `${host} ${route.method} ${route.path}`)).size).toBe(ROUTES.length);
});

for (const { host, route } of ROUTES) {
  describe(`${route.id} ${route.method} ${host}${route.path}`, () => {
    test("has examples, and each is answered 200 with a body its response schema accepts", async () => {
      expect(route.examples?.length ?? 0).toBeGreaterThan(0);
      for (const example of route.examples) {
        const r = requestOf(route, example);
        const res = await s.call(host, r.url, { method: route.method, body: r.body, headers: r.headers });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${example.summary}: ${res.status} ${JSON.stringify(body)}`);
        const data = host === "salary" ? body : body.data;
        const parsed = route.response.safeParse(data);
        if (!parsed.success) throw new Error(`${example.summary}: ${parsed.error.message}`);
        if (host !== "salary") {
          expect(body.metadata.request_id).toBe(res.headers.get("x-request-id")!);
          expect(body.metadata.sources.length).toBeGreaterThan(0);
        }
      }
    });

    test("no key → 401; a revoked key → 401", async () => {
      await expectError(await send(host, route, null), route, "INVALID_API_KEY");
      expect((await expectError(await send(host, route, revokedKey), route, "INVALID_API_KEY")).message).toContain(
        "revoked",
      );
    });

    test(`every scope but ${route.scope} → 403 INSUFFICIENT_SCOPE naming it`, async () => {
      const error = await expectError(
        await send(
          host,
          route,
          s.key(
            "enterprise",
            SCOPES.filter((x) => x !== route.scope),
          ),
        ),
        route,
        "INSUFFICIENT_SCOPE",
      );
      expect(error.message).toContain(route.scope);
    });

    const below = route.minTier ? TIERS.slice(0, TIERS.indexOf(route.minTier)) : [];
    test(`tiers below ${route.minTier ?? "the lowest"} → 403 TIER_REQUIRED; every tier from it → not refused`, async () => {
      for (const tier of below)
        await expectError(await send(host, route, s.key(tier, [route.scope])), route, "TIER_REQUIRED");
      for (const tier of TIERS.slice(below.length))
        expect((await send(host, route, s.key(tier, [route.scope]))).status).toBe(200);
    });

    test("an unknown query parameter → 422 VALIDATION_ERROR naming it", async () => {
      const error = await expectError(
        await send(host, route, s.key("enterprise", [route.scope]), { extraQuery: { zz_unknown: "1" } }),
        route,
        "VALIDATION_ERROR",
      );
      expect(error.errors.map((e: { field: string }) => e.field)).toContain("zz_unknown");
    });

    const own = Object.keys((route.query as { shape?: object } | undefined)?.shape ?? {}).find((k) => k.includes("_"));
    // A route with a parameter holding an underscore (page_size, job_title) is asked it written another way.
    if (own)
      test(`${own} written another way → 422 asking whether ${own} was meant`, async () => {
        const otherwise = own.replace(/_(.)/g, (_, c: string) => c.toUpperCase()); // page_size → pageSize
        const error = await expectError(
          await send(host, route, s.key("enterprise", [route.scope]), { extraQuery: { [otherwise]: "1" } }),
          route,
          "VALIDATION_ERROR",
        );
        expect(error.errors).toContainEqual({
          field: otherwise,
          code: "unrecognized_key",
          message: `unknown query parameter; did you mean ${own}?`,
        });
      });

    test("the other method → 405 METHOD_NOT_ALLOWED with Allow", async () => {
      const res = await send(host, route, s.key("enterprise", [route.scope]), {
        method: route.method === "GET" ? "POST" : "GET",
      });
      await expectError(res, route, "METHOD_NOT_ALLOWED");
      expect(res.headers.get("allow")).toBe(route.method === "GET" ? "GET, HEAD" : route.method);
    });

    test("OPTIONS (no preflight) → 204 with Allow", async () => {
      const res = await send(host, route, s.key("enterprise", [route.scope]), { method: "OPTIONS" });
      expect([res.status, res.headers.get("allow")]).toEqual([
        204,
        route.method === "GET" ? "GET, HEAD, OPTIONS" : `${route.method}, OPTIONS`,
      ]);
    });

    test("every request and response field has a description", () => {
      const missing = [
        ...(route.query ? undescribed(jsonSchema(route.query, "input"), "query") : []),
        ...(route.params ? undescribed(jsonSchema(route.params, "input"), "path") : []),
        ...(route.body ? undescribed(jsonSchema(route.body, "input"), "body") : []),
        ...undescribed(jsonSchema(route.response, "output"), "response"),
      ];
      expect(missing).toEqual([]);
    });

    test("OpenAPI lists its examples and, per status, the error codes it declares", async () => {
      const doc = await (await s.call(host, "/openapi.json")).json();
      const op = doc.paths[route.path.replace(/:([A-Za-z_]+)/g, "{$1}")][route.method.toLowerCase()];
      const codes = Object.values<any>(op.responses).flatMap(
        (r) => r.content?.["application/json"]?.schema?.allOf?.[1]?.properties.error.properties.code.enum ?? [],
      );
      expect(new Set(codes)).toEqual(new Set(errorCodesOf(route)));
      for (const code of (route.errors ?? []) as ErrorCode[])
        expect(op.responses[ERROR_CODES[code].status].description).toContain(code);
      const shown = route.body
        ? Object.keys(op.requestBody.content["application/json"].examples ?? {})
        : [...new Set(op.parameters.flatMap((p: any) => Object.keys(p.examples ?? {})))];
      const withValues = route.examples.filter(
        (e) => e.body !== undefined || Object.keys({ ...e.query, ...e.params }).length > 0,
      );
      expect(shown.length).toBe(withValues.length);
    });
  });
}
