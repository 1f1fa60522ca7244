// Deprecated routes (E4–E6 by the spec, removal date 2026-09-01) are still served, so that a self-hosted
// operator decides when clients must move. Every answer, errors included, says so in standard headers:
// Deprecation (RFC 9745, since 2026-01-01 here), Sunset (RFC 8594) and a Link to the successor. An operator
// past the sunset date retires them (EU_LEGACY_ENDPOINTS=off): 410 Gone, naming the successor.
import { ApiError } from "./errors.ts";

const DEPRECATED_SINCE = Date.UTC(2026, 0, 1) / 1000;
export const SUNSET = "Tue, 01 Sep 2026 00:00:00 GMT";

/** What a deprecated route declares: the endpoint that replaces it, and how to call that one instead. */
export interface Deprecation { successor: string; instead: string }

export const deprecationHeaders = ({ successor }: Deprecation): Record<string, string> => ({
  Deprecation: `@${DEPRECATED_SINCE}`,
  Sunset: SUNSET,
  Link: `<${successor}>; rel="successor-version", </docs#deprecated>; rel="deprecation"`,
});

export const retiredError = (method: string, path: string, d: Deprecation) =>
  new ApiError("ENDPOINT_RETIRED", `${method} ${path} was deprecated with a sunset date of 2026-09-01, and this deployment has retired it (EU_LEGACY_ENDPOINTS=off).`,
    { suggestion: d.instead });
