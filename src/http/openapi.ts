// OpenAPI 3.1 per host, generated from the same zod schemas that validate requests and describe responses.
import { z } from "zod";
import { errorCodesOf, type AnyRoute, type HostKind, type RouteExample } from "./route.ts";
import { ERROR_CODES, type ErrorCode } from "./errors.ts";

const toSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, any>;

const ERROR_SCHEMA = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "status", "request_id"],
      properties: {
        code: { type: "string", examples: ["INVALID_API_KEY", "VALIDATION_ERROR", "NOT_FOUND"] },
        message: { type: "string" },
        status: { type: "integer" },
        request_id: { type: "string" },
        suggestion: { type: ["string", "null"] },
        doc_url: { type: ["string", "null"] },
        field: { type: ["string", "null"] },
        errors: {
          type: ["array", "null"],
          items: {
            type: "object",
            properties: { field: { type: "string" }, code: { type: "string" }, message: { type: "string" } },
          },
        },
      },
    },
  },
};

const SOURCE = {
  type: "object",
  properties: {
    name: { type: "string" },
    dataset: { type: "string" },
    url: { type: ["string", "null"] },
    last_updated: { type: ["string", "null"] },
  },
};
const METADATA: Record<Exclude<HostKind, "salary">, object> = {
  cost: {
    type: "object",
    required: ["request_id"],
    properties: {
      request_id: { type: "string" },
      sources: { type: "array", items: SOURCE },
      rate_limit: {
        type: ["object", "null"],
        properties: {
          remaining: { type: "integer" },
          daily_limit: { type: "integer" },
          reset_at: { type: "string", format: "date-time" },
        },
      },
      pagination: {
        type: ["object", "null"],
        properties: {
          page: { type: "integer" },
          page_size: { type: "integer" },
          total: { type: "integer" },
          total_pages: { type: "integer" },
        },
      },
      data_vintage: { type: ["string", "null"] },
      methodology_notes: { type: ["string", "null"] },
    },
  },
  skills: {
    type: "object",
    required: ["request_id"],
    properties: {
      request_id: { type: "string" },
      sources: { type: "array", items: SOURCE },
      rate_limit: {
        type: ["object", "null"],
        properties: { limit: { type: "integer" }, remaining: { type: "integer" }, reset: { type: "string" } },
      },
      data_vintage: { type: ["string", "null"] },
      methodology_notes: { type: "string" },
    },
  },
};

/** A route's error responses, one per status, each listing its codes (in the description and as the `code` enum). */
function errorResponses(route: AnyRoute): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(errorCodesOf(route))) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        status,
        {
          description: codes.map((c) => `${c}: ${ERROR_CODES[c].meaning}`).join(" "),
          content: {
            "application/json": {
              schema: {
                allOf: [
                  { $ref: "#/components/schemas/Error" },
                  { properties: { error: { properties: { code: { enum: codes } } } } },
                ],
              },
            },
          },
        },
      ]),
  );
}

/** The route's examples, named ex1, ex2… by their order, as OpenAPI Example objects of one part of the request. */
function examplesOf(route: AnyRoute, value: (e: RouteExample) => unknown) {
  const named = route.examples
    .map((e, i) => [`ex${i + 1}`, { summary: e.summary, value: value(e) }] as const)
    .filter(([, x]) => x.value !== undefined);
  return named.length ? { examples: Object.fromEntries(named) } : {};
}

/** The query parameters of a route's CSV body form: only with Content-Type text/csv. */
function csvParameters(route: AnyRoute) {
  if (!route.csv) return [];
  const json = toSchema(route.csv.query, "input");
  return Object.entries<Record<string, any>>(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: "query",
    required: false,
    description: `With a text/csv body only (required then): ${s.description}`,
    schema: s,
  }));
}

function parameters(route: AnyRoute, where: "query" | "path") {
  const schema = where === "path" ? route.params : route.query;
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const required = new Set<string>(json.required ?? []);
  const part = (e: RouteExample) => (where === "path" ? e.params : e.query) as Record<string, string> | undefined;
  return Object.entries<Record<string, any>>(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    description: s.description,
    schema: s,
    ...examplesOf(route, (e) => part(e)?.[name]),
  }));
}

export function buildOpenApi(kind: HostKind, routes: readonly AnyRoute[], publicHost: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const data = toSchema(r.response, "output");
    const body =
      kind === "salary"
        ? data
        : { type: "object", required: ["data", "metadata"], properties: { data, metadata: METADATA[kind] } };
    const responses: Record<string, unknown> = {
      200: { description: "OK", content: { "application/json": { schema: body } } },
      ...errorResponses(r),
    };
    const openapiPath = r.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    paths[openapiPath] ??= {};
    paths[openapiPath][r.method.toLowerCase()] = {
      operationId: r.id,
      summary: `${r.id}. ${r.summary}`,
      description: r.description,
      parameters: [...parameters(r, "path"), ...parameters(r, "query"), ...csvParameters(r)],
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: toSchema(r.body, "input"), ...examplesOf(r, (e) => e.body) },
                ...(r.csv
                  ? {
                      "text/csv": {
                        schema: {
                          type: "string",
                          description: `A header row of the columns ${Object.keys(r.csv.columns).join(", ")} (required: ${r.csv.required.join(", ")}), then one record per row.`,
                        },
                        example: r.csv.example,
                      },
                    }
                  : {}),
              },
            },
          }
        : {}),
      responses,
      ...(r.deprecated ? { deprecated: true } : {}),
      "x-scope": r.scope,
      ...(r.minTier ? { "x-min-tier": r.minTier } : {}),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `workforce-api: ${kind} host`,
      version: "1.0.0",
      description:
        "Salary benchmarks, pay-transparency checks, cost-of-living prices and the occupation/skill taxonomy, from public statistical releases. Every response names the datasets and vintages that answered.",
    },
    servers: [{ url: `http://${publicHost}` }],
    security: [{ ApiKey: [] }],
    components: {
      securitySchemes: { ApiKey: { type: "apiKey", in: "header", name: "X-API-Key" } },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}
