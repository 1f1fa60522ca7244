// E4–E6 are deprecated by the spec (removal date 2026-09-01). They are still served, so that a self-hosted
// operator decides when clients must move, and every answer says so in standard headers:
// Deprecation (RFC 9745, since 2026-01-01 here), Sunset (RFC 8594) and a Link to the successor.
const DEPRECATED_SINCE = Date.UTC(2026, 0, 1) / 1000;
export const SUNSET = "Tue, 01 Sep 2026 00:00:00 GMT";

export const deprecationHeaders = (successor: string): Record<string, string> => ({
  Deprecation: `@${DEPRECATED_SINCE}`,
  Sunset: SUNSET,
  Link: `<${successor}>; rel="successor-version", </docs#deprecated>; rel="deprecation"`,
});

export const ISCO_NOTE =
  "EU data uses 1-digit ISCO-08 major groups only: the matched occupation is mapped to its major group, and every occupation in that group shares the benchmark.";
