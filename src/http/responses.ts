// JSON responses, success and error, built in one place so every host answers alike.
import { ApiError, errorBody } from "./errors.ts";
import type { RequestContext } from "./request-context.ts";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonText(status, JSON.stringify(body), headers);
}

/** A response from JSON text already serialised. */
export function jsonText(status: number, text: string, headers?: Record<string, string>): Response {
  return new Response(text, { status, headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS });
}

/** Any thrown value → the spec's error envelope. Unexpected errors are logged with the request id, never returned. */
export function errorResponse(err: unknown, ctx: RequestContext, docBaseUrl: string): Response {
  if (err instanceof ApiError) return json(err.status, errorBody(err, ctx.requestId, docBaseUrl), err.extra.headers);
  console.error(JSON.stringify({ level: "error", request_id: ctx.requestId, error: err instanceof Error ? err.stack ?? err.message : String(err) }));
  const internal = new ApiError(500, "INTERNAL_ERROR", "Unexpected server error. Quote the request_id when reporting it.");
  return json(500, errorBody(internal, ctx.requestId, docBaseUrl));
}
