// A route is declared as data (Unkey-style): method, path, who may call it, the zod schemas that validate
// its input and describe its output, and a handler. The host app, the OpenAPI document and the docs page
// are all built from these declarations.
import type { z } from "zod";
import type { Scope, Tier } from "../state/api-keys.ts";
import type { DatasetId } from "../snapshot/repositories/sources.ts";
import type { Services } from "../services.ts";
import type { Deprecation } from "./deprecation.ts";

export type HostKind = "salary" | "cost" | "skills";

export interface Pagination { page: number; page_size: number; total: number; total_pages: number }

export interface RouteResult<T> {
  data: T;
  /** Datasets that answered: they become metadata.sources and data_vintage. */
  datasets: readonly DatasetId[];
  pagination?: Pagination;
  methodologyNotes?: string;
  /** Further metadata fields for this answer (e.g. why values are null); added after the standard ones. */
  extraMetadata?: Record<string, unknown>;
}

export interface RouteInput<Q, P, B> { query: Q; params: P; body: B }

export interface RouteSpec<Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, T = unknown> {
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
  /** Shape of `data` (cost, skills) or of the whole body (salary). */
  response: z.ZodType<T>;
  /** Deprecated: its successor, sent in Deprecation/Sunset/Link headers on every answer and in a 410 once retired. */
  deprecated?: Deprecation;
  /** Error statuses the docs list besides the common ones (401, 403, 422, 429, 500). */
  errors?: number[];
  handle(input: RouteInput<z.infer<Q>, z.infer<P>, z.infer<B>>, services: Services): RouteResult<T>;
}

/** Keeps the literal types of a declaration while checking it against RouteSpec. */
export const defineRoute = <Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType, T>(spec: RouteSpec<Q, P, B, T>) => spec;

export type AnyRoute = RouteSpec<any, any, any, any>;
