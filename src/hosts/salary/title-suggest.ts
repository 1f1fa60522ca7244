// X9 GET /api/v1/titles/suggest (addition): job titles as the matcher reads what was typed, in the language it
// was typed in (Softwareentw → Softwareentwickler/Softwareentwicklerin), for a title field's suggestions (the
// explorer's). E15 searches O*NET's English titles; this reads the labels E2 matches: ESCO's and the national
// lists' in seven languages, O*NET's in English.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { EU_EEA } from "../../domain/european-countries.ts";
import { parseCountryCode } from "../../domain/country-code.ts";
import type { Services } from "../../services.ts";
import { labelsFrom, type LabelSource } from "../../domain/title/lexicon.ts";
import { cite } from "./service.ts";
import { typeaheadCandidates, typedReadings } from "../../domain/title/typeahead.ts";
import type { Candidate, TitleMatcher } from "../../domain/title/match.ts";
import { Lru } from "../../domain/lru.ts";

const EU = new Set<string>(EU_EEA);
// Labels a person would pick: not employers' filed titles (written as HR systems do, "SR TECHNICAL MANAGER, SW DEV"),
// nor ESCO's hidden terms (misspellings and obsolete forms it keeps for search), nor ISCO's group titles (a class of
// jobs, "Crop farm labourers", not one a person holds), nor our job-ad headlines (an ad's whole headline).
const NOT_OFFERED = new Set<LabelSource>(["employer_filing", "esco_hidden", "isco_group", "job_ad_headline"]);

interface TitleSuggestion {
  label: string;
  language: string;
  code: string;
  title: string;
}

/**
 * The matcher's candidates' labels in the language of its best reading of `q` (its last word read as typed and as
 * begun: typeahead.ts), one per label, best first.
 */
export function titleSuggestions(q: string, country: string | null, s: Services, limit: number) {
  const target = country && EU.has(country) ? "isco" : "soc";
  const matcher = s.titleMatcher;
  const relabelled = relabelMemo(matcher);
  const options = { target, country, candidates: limit * 2 } as const;
  const readings = typedReadings(matcher, q, options);
  const typed = readings.map((r) => r.text);
  // An occupation whose best label is none a person would pick (`infirmier` in France is best read by a coded
  // job-ad headline, "Infirmier / Infirmière DE") keeps its code and shows the label one would that reads what was
  // typed best, in its label's language, of an occupation in its group (TitleMatcher.relabel); one with none is not
  // offered.
  const offerable = (c: Candidate) => c.label !== null && !NOT_OFFERED.has(c.labelSource!);
  const offered = (c: Candidate) =>
    offerable(c)
      ? c
      : relabelled.labels.get(`${target}|${country}|${q}|${c.concept.key}|${c.label}`, () =>
          matcher.relabel(c, target, relabelled.skip, typed),
        );
  const candidates = typeaheadCandidates(matcher, q, options, readings);
  // In the language of the best label a person could pick as the matcher read it (a relabelled one sets it only when
  // there is none), each label once.
  let language = candidates.find(offerable)?.labelLang ?? null;
  const suggestions: TitleSuggestion[] = [];
  for (const c of candidates) {
    const o = offered(c);
    if (!o || (language ??= o.labelLang) !== o.labelLang || suggestions.some((t) => t.label === o.label)) continue;
    suggestions.push({ label: o.label!, language: o.labelLang!, code: c.code, title: c.codeTitle });
    if (suggestions.length === limit) break;
  }
  return { language, suggestions };
}

/** Per matcher (a snapshot's): the labels not offered (1), and the relabelled candidates' labels, remembered. */
const relabelMemos = new WeakMap<TitleMatcher, { skip: Uint8Array; labels: Lru<string, Candidate | null> }>();
function relabelMemo(matcher: TitleMatcher) {
  let memo = relabelMemos.get(matcher);
  if (!memo)
    relabelMemos.set(matcher, (memo = { skip: labelsFrom(matcher.lexicon, NOT_OFFERED), labels: new Lru(4096) }));
  return memo;
}

export const titleSuggest = defineRoute({
  id: "X9",
  summary: "Title suggestions in the language typed (addition)",
  description:
    "The labels E2's matcher reads `q` as, in the language of its best reading: ESCO and national titles in German, French, Dutch, Polish, Spanish and Italian, ESCO and O*NET titles in English. `country` (an ISO code) reads it as E2 does for a place there (an EU/EEA country: ISCO-08 codes; otherwise O*NET-SOC). Send a suggestion's `label` as E2's `job_title`.",
  method: "GET",
  path: "/api/v1/titles/suggest",
  scope: "salary:read",
  examples: [
    { summary: "A German title, half typed", query: { q: "Softwareentw", country: "DE" } },
    { summary: "A French one", query: { q: "infirmier de nuit" } },
  ],
  query: z.strictObject({
    q: z.string().trim().min(1).max(200).describe("a job title as a person types it, whole or begun"),
    country: z
      .string()
      .trim()
      .max(3)
      .optional()
      .describe("ISO code of the place the title is for (DE, FR, US); omitted: read as for a U.S. place"),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(20)
      .default(8)
      .describe("at most this many suggestions (1–20, default 8)"),
  }),
  response: z.object({
    q: z.string().describe("the input, trimmed"),
    language: z
      .string()
      .nullable()
      .describe("the language of the best label offered (en, de, fr, nl, pl, es, it); null when nothing matched"),
    suggestions: z
      .array(
        z.object({
          label: z.string().describe("a title as its source writes it, in `language`"),
          language: z.string().describe("the label's language"),
          code: z.string().describe("the occupation it names: O*NET-SOC (U.S. reading) or ISCO-08 unit group (EU)"),
          title: z.string().describe("that occupation's title (O*NET's, or the ISCO-08 group's in English)"),
        }),
      )
      .describe("best first, in the matcher's order; empty when nothing matched"),
    data_source: z.string().describe("the title lists the matcher reads"),
  }),
  handle: ({ query }, s) => {
    const country = query.country ? (parseCountryCode(query.country)?.iso2 ?? null) : null;
    return {
      data: {
        q: query.q,
        ...titleSuggestions(query.q, country, s, query.limit),
        data_source: cite(s, "onet_30_0", "esco_occupations", "esco_national_titles"),
      },
      datasets: ["onet_30_0", "esco_occupations", "esco_national_titles"],
    };
  },
});
