// Deprecated routes (E4–E6 by the spec, removed on 2026-09-01). Every answer, errors included, says so in standard
// headers: Deprecation (RFC 9745, since 2026-01-01 here), Sunset (RFC 8594) and a Link to the successor. From the
// removal date they answer 410 Gone naming the successor, unless the operator keeps them a while longer
// (EU_LEGACY_ENDPOINTS=on); EU_LEGACY_ENDPOINTS=off retires them before it.
import { ApiError } from "./errors.ts";

const DEPRECATED_SINCE = Date.UTC(2026, 0, 1) / 1000;
/** The spec's removal date, which is also the Sunset the headers announce. */
export const REMOVAL_DATE = "2026-09-01";
const REMOVED_AT = Date.parse(`${REMOVAL_DATE}T00:00:00Z`);
export const SUNSET = new Date(REMOVED_AT).toUTCString();

/** EU_LEGACY_ENDPOINTS: "auto" follows the removal date; "on" and "off" override it. */
export type LegacyEndpointsMode = "auto" | "on" | "off";

/** What a deprecated route declares: the endpoint that replaces it, and how to call that one instead. */
export interface Deprecation {
  successor: string;
  instead: string;
}

/** Whether deprecated routes still answer at `now`: under "auto", until the removal date (UTC) and not from it. */
export const legacyServed = (mode: LegacyEndpointsMode, now: Date): boolean =>
  mode === "on" || (mode === "auto" && now.getTime() < REMOVED_AT);

export const deprecationHeaders = ({ successor }: Deprecation): Record<string, string> => ({
  Deprecation: `@${DEPRECATED_SINCE}`,
  Sunset: SUNSET,
  Link: `<${successor}>; rel="successor-version", </docs#deprecated>; rel="deprecation"`,
});

export const retiredError = (method: string, path: string, d: Deprecation, mode: LegacyEndpointsMode) =>
  new ApiError(
    "ENDPOINT_RETIRED",
    mode === "off"
      ? `${method} ${path} is deprecated with a removal date of ${REMOVAL_DATE}, and this deployment has retired it (EU_LEGACY_ENDPOINTS=off).`
      : `${method} ${path} was removed on ${REMOVAL_DATE}; call its successor ${d.successor} instead.`,
    { suggestion: d.instead },
  );
