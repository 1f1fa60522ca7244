// X6 GET /api/v1/locations/search (addition): what E2 would make of a place as typed, and the other places it
// could mean, for a location field's suggestions (the explorer's). Each row's `location` is what to send as E2's.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { placeReadings, resolveLocation, suggestLocations } from "../../domain/location.ts";
import type { Services } from "../../services.ts";
import { cite, locationLabel } from "./service.ts";

type Suggestion = {
  label: string;
  name: string | null;
  location: string;
  region: "us" | "eu" | null;
  kind: "resolved" | "alternative" | "suggestion";
};

/**
 * The resolution first (with the code E2 reads it by), then its alternatives, then "did you mean" names. Two places
 * joined by a comma ("Seattle, Austin"), which E2 refuses, give both readings first, as E2's location_alternatives do.
 */
export function locationSuggestions(q: string, s: Services, limit: number): Suggestion[] {
  const place = resolveLocation(q, s.locations);
  const out: Suggestion[] = [];
  if (place && place.region !== "unsupported") {
    out.push({
      label: locationLabel(place),
      name: null,
      location: place.region === "us" ? place.area.areaCode : place.city ? place.input : place.countryCode,
      region: place.region,
      kind: "resolved",
    });
  }
  // An alternative is labelled as E2 answers for its code (the area whose figures it gets: "New Hampshire" for Berlin, NH).
  for (const a of place?.alternatives ?? []) {
    const answered = resolveLocation(a.code, s.locations);
    if (answered && answered.region !== "unsupported")
      out.push({
        label: locationLabel(answered),
        name: a.name,
        location: a.code,
        region: answered.region,
        kind: "alternative",
      });
  }
  // "Seattle, Austin": a comma qualifies only by a state, province, region or country, so these are two places (placeReadings, as E2).
  const readings = place ? null : placeReadings(q, s.locations);
  for (const r of readings ?? []) {
    const answered = r.covered ? resolveLocation(r.code, s.locations) : null;
    if (answered && answered.region !== "unsupported")
      out.push({
        label: locationLabel(answered),
        name: r.name,
        location: r.code,
        region: answered.region,
        kind: "alternative",
      });
  }
  const offered = new Set((readings ?? []).map((r) => r.name)); // a near spelling that is one of the readings is not listed again
  if (!place || place.region === "unsupported")
    for (const name of suggestLocations(q, s.locations))
      if (!offered.has(name)) out.push({ label: name, name: null, location: name, region: null, kind: "suggestion" });
  const seen = new Set<string>();
  return out.filter((x) => !seen.has(x.location) && seen.add(x.location)).slice(0, limit);
}

export const locationSearch = defineRoute({
  id: "X6",
  summary: "Place suggestions (addition)",
  description:
    "How E2 reads `q` as a location (a U.S. area by its code, an EU/EEA country or city), then the other places it could mean (for two places joined by a comma, \"Seattle, Austin\", each of them), else the names closest in spelling. Send a row's `location` as E2's or E3's.",
  method: "GET",
  path: "/api/v1/locations/search",
  scope: "salary:read",
  examples: [
    { summary: "A city as typed", query: { q: "Portland" } },
    { summary: "A misspelling", query: { q: "Chicgo" } },
  ],
  query: z.strictObject({
    q: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe("a place as a person types it: a city, metro, state, ZIP code, country or BLS area code"),
    limit: z.coerce.number().int().min(1).max(20).default(8).describe("at most this many rows (1–20, default 8)"),
  }),
  response: z.object({
    q: z.string().describe("the input, trimmed"),
    suggestions: z
      .array(
        z.object({
          label: z
            .string()
            .describe(
              "the area as E2 labels its answer for `location` (resolved and alternative rows); for a suggestion, the name it suggests",
            ),
          name: z
            .string()
            .nullable()
            .describe(
              'an alternative\'s own name ("Berlin, NH") when its figures are the wider area\'s in `label` ("New Hampshire"); null otherwise',
            ),
          location: z.string().describe("the value to send as E2's `location` for this place"),
          region: z.enum(["us", "eu"]).nullable().describe("us or eu; null for suggestions, which resolve when sent"),
          kind: z
            .enum(["resolved", "alternative", "suggestion"])
            .describe(
              'resolved: what E2 reads q as; alternative: another place of that name, or one of two places joined by a comma ("Seattle, Austin", which E2 refuses); suggestion: a name close in spelling, when q resolves to nothing',
            ),
        }),
      )
      .describe("best first; empty when nothing resolves or comes close"),
    data_source: z.string().describe("the place lists the resolver reads"),
  }),
  handle: ({ query }, s) => ({
    data: {
      q: query.q,
      suggestions: locationSuggestions(query.q, s, query.limit),
      data_source: cite(s, "bls_oews", "census_cbsa", "geonames_cities", "geonames_zip"),
    },
    datasets: ["bls_oews", "census_cbsa", "geonames_cities", "geonames_zip"],
  }),
});
