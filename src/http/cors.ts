// CORS for origins the operator names in CORS_ORIGINS (none by default). The key travels in X-API-Key, never in a
// cookie, so credentials are not allowed; a browser on another origin may read answers only from a named origin.

/** The headers a request from an allowed origin gets on every response; undefined for any other origin. */
export function corsHeaders(origin: string | null, allowed: ReadonlySet<string>): Record<string, string> | undefined {
  if (!origin || !allowed.has(origin.toLowerCase())) return undefined;
  return {
    "Access-Control-Allow-Origin": origin,
    Vary: "Origin",
    "Access-Control-Expose-Headers":
      "X-Request-Id, X-Snapshot-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Deprecation, Sunset, Link",
  };
}

/** A browser's preflight: OPTIONS with the method it wants to send. */
export const isPreflight = (request: Request) =>
  request.method === "OPTIONS" && request.headers.has("access-control-request-method");

/** What a preflight from an allowed origin is told it may send (the CORS headers come from corsHeaders). */
export const preflightHeaders = (): Record<string, string> => ({
  "Access-Control-Allow-Methods": "GET, POST",
  "Access-Control-Allow-Headers": "X-API-Key, Content-Type, X-Request-Id",
  "Access-Control-Max-Age": "600",
});
