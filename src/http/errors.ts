// The spec's error envelope {error: {code, message, status, request_id, ...}} and the typed error routes throw.
/** row, line and column: where in a CSV body the error is (row 1 is the first record after the header; line counts the file's lines). */
export interface FieldError {
  field: string;
  message: string;
  code: string;
  row?: number;
  line?: number;
  column?: string;
}

export interface ErrorDetail {
  code: ErrorCode;
  message: string;
  status: number;
  request_id: string;
  suggestion?: string | null;
  doc_url?: string | null;
  field?: string | null;
  errors?: FieldError[] | null;
  /** Addition on NO_SALARY_DATA: the occupations the title came closest to, for the caller to pick from. */
  alternatives?: { code: string; title: string; confidence: number }[] | null;
  /** Addition on LOCATION_NOT_FOUND: places of that name within coverage (pass `code` as the location). */
  location_alternatives?: { name: string; code: string; population: number | null }[] | null;
}

export interface ApiErrorExtra {
  suggestion?: string;
  field?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  alternatives?: ErrorDetail["alternatives"];
  location_alternatives?: ErrorDetail["location_alternatives"];
}

export class ApiError extends Error {
  /** From ERROR_CODES: a code has one status everywhere. */
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: ApiErrorExtra = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }
}

/**
 * How handlers make their errors: `throw fail("NO_BENCHMARK", …)`. A route's `fail` accepts only the codes the
 * route declares, and a helper that can fail asks for the codes it needs (`fail: Fail<"LOCATION_NOT_FOUND">`), so
 * the type checker refuses a route that could answer a code it does not declare.
 */
export type Fail<C extends ErrorCode> = (code: C, message: string, extra?: ApiErrorExtra) => ApiError;
export const fail: Fail<ErrorCode> = (code, message, extra) => new ApiError(code, message, extra);

export function validationError(errors: FieldError[]): ApiError {
  // "q: q must have at least 1 character" names the field twice: a message that starts with it stands alone.
  const summary = errors
    .map((e) => (e.message.startsWith(`${e.field} `) ? e.message : `${e.field}: ${e.message}`))
    .join("; ");
  return new ApiError("VALIDATION_ERROR", `Request validation failed: ${summary}`, { errors, field: errors[0]?.field });
}

export const errorAnchor = (code: ErrorCode) => `error-${code.toLowerCase().replace(/_/g, "-")}`;

/**
 * Every error code the service answers: its one HTTP status, and what it means (the docs page that doc_url
 * points at lists these). A route names the codes of its own (`errors`); the rest are common to all routes.
 */
export const ERROR_CODES = {
  INVALID_API_KEY: { status: 401, meaning: "the X-API-Key header is missing, unknown, or the key was revoked." },
  INSUFFICIENT_SCOPE: { status: 403, meaning: "the key lacks the scope the endpoint needs; the message names it." },
  TIER_REQUIRED: {
    status: 403,
    meaning: "the endpoint needs a higher tier (E7 and the pay-equity analysis enterprise; E8 pro or enterprise).",
  },
  RATE_LIMIT_EXCEEDED: {
    status: 429,
    meaning: "the key's daily quota (UTC day) is used up; Retry-After says when it resets.",
  },
  VALIDATION_ERROR: {
    status: 422,
    meaning: "a query parameter, path parameter or body field is invalid; `errors` lists each field.",
  },
  NOT_FOUND: { status: 404, meaning: "no such endpoint on this host, or no such resource (the message names it)." },
  METHOD_NOT_ALLOWED: { status: 405, meaning: "the path exists with another method; the Allow header lists it." },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: "the request body exceeds MAX_BODY_BYTES." },
  URI_TOO_LONG: {
    status: 414,
    meaning:
      "the request target (path and query) is longer than 8,192 characters (send a long list as a POST body where the route takes one).",
  },
  REQUEST_TIMEOUT: { status: 408, meaning: "the request body did not arrive within REQUEST_TIMEOUT_MS." },
  UNKNOWN_HOST: { status: 404, meaning: "the Host header names none of the configured hosts." },
  LOCATION_NOT_FOUND: { status: 400, meaning: "the location or country cannot be resolved." },
  NO_SALARY_DATA: {
    status: 404,
    meaning:
      "no occupation matches the job title, or none with confidence (the estimated probability that it is right) at or above the path's threshold (docs/matching.md); `alternatives` and the suggestion name the closest occupations with theirs (pass one as occupation_code).",
  },
  NO_BENCHMARK: {
    status: 404,
    meaning:
      "the occupation matched, but the source publishes no figure for that area or country; the suggestion names a wider one.",
  },
  NO_TREND_DATA: {
    status: 404,
    meaning:
      "E1: the place is not a U.S. area OEWS publishes (EU trends are unsupported; SES is four-yearly), or OEWS publishes no wages for the occupation there in any year asked.",
  },
  ENDPOINT_RETIRED: {
    status: 410,
    meaning:
      "a deprecated endpoint past its removal date (E4–E6: 2026-09-01, unless EU_LEGACY_ENDPOINTS=on), or retired early (EU_LEGACY_ENDPOINTS=off); the suggestion and the Link header name its successor.",
  },
  SNAPSHOT_REFUSED: {
    status: 422,
    meaning:
      "POST /admin/snapshot/reload: the snapshot file found fails a check (schema, integrity, unreadable); the old one keeps serving.",
  },
  INTERNAL_ERROR: { status: 500, meaning: "unexpected server error; quote request_id when reporting it." },
  SERVICE_UNAVAILABLE: { status: 503, meaning: "a dependency of the service is unavailable." },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Codes any route may answer, by what the route is: every route, POST routes, tiered routes, deprecated routes. */
export const COMMON_ERROR_CODES = {
  every: [
    "INVALID_API_KEY",
    "INSUFFICIENT_SCOPE",
    "RATE_LIMIT_EXCEEDED",
    "VALIDATION_ERROR",
    "METHOD_NOT_ALLOWED",
    "URI_TOO_LONG",
    "INTERNAL_ERROR",
    "SERVICE_UNAVAILABLE",
  ],
  body: ["PAYLOAD_TOO_LARGE", "REQUEST_TIMEOUT"],
  tiered: ["TIER_REQUIRED"],
  deprecated: ["ENDPOINT_RETIRED"],
} as const satisfies Record<string, readonly ErrorCode[]>;

export function errorBody(err: ApiError, requestId: string, docBaseUrl: string): { error: ErrorDetail } {
  const detail: ErrorDetail = { code: err.code, message: err.message, status: err.status, request_id: requestId };
  if (err.extra.suggestion) detail.suggestion = err.extra.suggestion;
  if (err.extra.field) detail.field = err.extra.field;
  if (err.extra.errors) detail.errors = err.extra.errors;
  if (err.extra.alternatives) detail.alternatives = err.extra.alternatives;
  if (err.extra.location_alternatives) detail.location_alternatives = err.extra.location_alternatives;
  detail.doc_url = `${docBaseUrl}#${errorAnchor(err.code)}`;
  return { error: detail };
}
