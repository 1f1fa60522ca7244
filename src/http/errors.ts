// The spec's error envelope {error: {code, message, status, request_id, ...}} and the typed error routes throw.
export type ErrorCode =
  | "INVALID_API_KEY" | "INSUFFICIENT_SCOPE" | "TIER_REQUIRED" | "RATE_LIMIT_EXCEEDED"
  | "VALIDATION_ERROR" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "UNKNOWN_HOST"
  | "LOCATION_NOT_FOUND" | "NO_SALARY_DATA" | "NO_BENCHMARK" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE" | "ENDPOINT_RETIRED"
  | "REQUEST_TIMEOUT";

export interface FieldError { field: string; message: string; code: string }

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

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { suggestion?: string; field?: string; errors?: FieldError[]; headers?: Record<string, string>; alternatives?: ErrorDetail["alternatives"]; location_alternatives?: ErrorDetail["location_alternatives"] } = {},
  ) {
    super(message);
  }
}

export const notFound = (message: string, suggestion?: string) => new ApiError(404, "NOT_FOUND", message, { suggestion });

export function validationError(errors: FieldError[]): ApiError {
  const summary = errors.map((e) => `${e.field}: ${e.message}`).join("; ");
  return new ApiError(422, "VALIDATION_ERROR", `Request validation failed: ${summary}`, { errors, field: errors[0]?.field });
}

export const errorAnchor = (code: ErrorCode) => `error-${code.toLowerCase().replace(/_/g, "-")}`;

/** What each code means, for the docs page that doc_url points at. */
export const ERROR_CODES: Record<ErrorCode, string> = {
  INVALID_API_KEY: "401: the X-API-Key header is missing, unknown, or the key was revoked.",
  INSUFFICIENT_SCOPE: "403: the key lacks the scope the endpoint needs; the message names it.",
  TIER_REQUIRED: "403: the endpoint needs a higher tier (E7 enterprise; E8 pro or enterprise).",
  RATE_LIMIT_EXCEEDED: "429: the key's daily quota (UTC day) is used up; Retry-After says when it resets.",
  VALIDATION_ERROR: "422: a query parameter, path parameter or body field is invalid; `errors` lists each field.",
  NOT_FOUND: "404: no such endpoint on this host, or no such resource (the message names it).",
  METHOD_NOT_ALLOWED: "405: the path exists with another method; the Allow header lists it.",
  PAYLOAD_TOO_LARGE: "413: the request body exceeds MAX_BODY_BYTES.",
  UNKNOWN_HOST: "404: the Host header names none of the configured hosts.",
  LOCATION_NOT_FOUND: "400: the location or country cannot be resolved.",
  NO_SALARY_DATA: "404: no occupation matches the job title, or none with confidence at or above 0.5; `alternatives` and the suggestion name the closest occupations (pass one as occupation_code).",
  NO_BENCHMARK: "404: the occupation matched, but the source publishes no figure for that area or country; the suggestion names a wider one.",
  INTERNAL_ERROR: "500: unexpected server error; quote request_id when reporting it.",
  SERVICE_UNAVAILABLE: "503: a dependency of the service is unavailable.",
  REQUEST_TIMEOUT: "408: the request body did not arrive within REQUEST_TIMEOUT_MS.",
  ENDPOINT_RETIRED: "410: a deprecated endpoint this deployment has retired (EU_LEGACY_ENDPOINTS=off); the suggestion names its successor.",
};

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
