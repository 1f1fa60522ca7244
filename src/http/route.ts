// A route is declared as data (Unkey-style): method, path, who may call it, the zod schemas that validate
// its input and describe its output, and a handler. The host app, the OpenAPI document and the docs page
// are all built from these declarations.
import type { z } from "zod";
import type { Scope, Tier } from "../state/api-keys.ts";
import type { DatasetId } from "../snapshot/repositories/sources.ts";
import type { Services } from "../services.ts";
import type { Deprecation } from "./deprecation.ts";
import { COMMON_ERROR_CODES, type ErrorCode, type Fail } from "./errors.ts";

export type HostKind = "salary" | "cost" | "skills";

export interface Pagination {
  page: number;
  page_size: number;
  total: number;
  total_pages: number;
}

export interface RouteResult<T> {
  data: T;
  /** Datasets that answered: they become metadata.sources and data_vintage. */
  datasets: readonly DatasetId[];
  pagination?: Pagination;
  methodologyNotes?: string;
  /** Further metadata fields for this answer (e.g. why values are null); added after the standard ones. */
  extraMetadata?: Record<string, unknown>;
}

export interface RouteInput<Q, P, B> {
  query: Q;
  params: P;
  body: B;
}

/**
 * A valid request to the route, as a client writes it: path parameters, query parameters (as the URL carries
 * them) and the JSON body. The contract tests send every example, and OpenAPI shows them.
 */
export interface RouteExample<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  summary: string;
  params?: { [K in keyof z.input<P>]: string };
  query?: { [K in keyof z.input<Q>]?: string };
  body?: z.input<B>;
}

/**
 * A POST body that may also come as CSV (Content-Type: text/csv), one record per row with a header row naming the
 * columns. `toBody` turns the rows (cells typed per `columns`, empty cells left out) and the CSV form's own query
 * parameters into the JSON body, which is then validated as any JSON body is; errors name the row and column.
 */
export interface CsvBody<B extends z.ZodType = z.ZodType, CQ extends z.ZodType = z.ZodType> {
  /** The body field the rows become (its errors are reported by row and column). */
  rowsField: string;
  columns: Readonly<Record<string, "text" | "number">>;
  /** Columns named freely after this prefix (factor.grade) are accepted too; a cell that looks like a number is one. */
  prefixedColumns?: string;
  required: readonly string[];
  /** Query parameters of the CSV form only (what the JSON body carries besides the rows). */
  query: CQ;
  toBody(rows: Record<string, string | number>[], query: z.infer<CQ>): z.input<B>;
  /** For the docs: a curl-ready example file. */
  example: string;
}

export interface RouteSpec<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  T = unknown,
  E extends ErrorCode = never,
> {
  /** The spec's endpoint number (E14) and a short summary for the docs. */
  id: string;
  summary: string;
  description?: string;
  method: "GET" | "POST";
  /** Elysia path under the host, with :params. */
  path: string;
  scope: Scope;
  /** Lowest tier allowed; omitted = every tier. */
  minTier?: Tier;
  query?: Q;
  params?: P;
  body?: B;
  /** The body may also be sent as CSV: how its rows become the body. */
  csv?: CsvBody<B, any>;
  /** Shape of `data` (cost, skills) or of the whole body (salary). */
  response: z.ZodType<T>;
  /** At least one valid request (contract tests send each; OpenAPI lists them). */
  examples: readonly [RouteExample<Q, P, B>, ...RouteExample<Q, P, B>[]];
  /** Deprecated: its successor, sent in Deprecation/Sunset/Link headers on every answer and in a 410 once retired. */
  deprecated?: Deprecation;
  /** The error codes of this route's own (errors.ts ERROR_CODES), besides those common to every route (COMMON_ERROR_CODES). */
  errors?: readonly E[];
  /** `fail` makes the route's errors: it accepts only the codes in `errors`. */
  handle(input: RouteInput<z.infer<Q>, z.infer<P>, z.infer<B>>, services: Services, fail: Fail<E>): RouteResult<T>;
}

/** Keeps the literal types of a declaration (its error codes too) while checking it against RouteSpec. */
export const defineRoute = <
  Q extends z.ZodType,
  P extends z.ZodType,
  B extends z.ZodType,
  T,
  const E extends ErrorCode = never,
>(
  spec: RouteSpec<Q, P, B, T, E>,
) => spec;

export type AnyRoute = RouteSpec<any, any, any, any, any>;

/** Every code a route can answer: its own, and the common ones that apply to it (a body, a tier, a deprecation). */
export const errorCodesOf = (route: AnyRoute): ErrorCode[] => [
  ...COMMON_ERROR_CODES.every,
  ...(route.body ? COMMON_ERROR_CODES.body : []),
  ...(route.minTier ? COMMON_ERROR_CODES.tiered : []),
  ...(route.deprecated ? COMMON_ERROR_CODES.deprecated : []),
  ...(route.errors ?? []),
];
