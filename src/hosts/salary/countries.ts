// X7 GET /api/v1/salary/countries (addition): the EU/EEA countries E2 and E3 answer for, and which earnings figures
// each has: the SES 2022 occupation groups and how E2 makes their annual mean, the statutory minimum wage in
// force, the headline gender pay gap. It replaces E6, retired with E4 and E5 on 2026-09-01.
import { z } from "zod";
import countries from "../../domain/country-names.ts";
import { defineRoute } from "../../http/route.ts";
import { EU_EEA, isoToEurostat } from "../../domain/european-countries.ts";
import { gapPct } from "../../domain/pay-gap.ts";
import { cite, minimumWageFields } from "./service.ts";
import { rulesOn } from "../../domain/statutory-minimum.ts";
import { EuBenchmarkFields, MinimumWage } from "./models.ts";
import type { Services } from "../../services.ts";

/** ISCO-08 major groups: SES publishes 0 (armed forces) to 9. */
const ISCO_MAJOR_GROUPS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
const DATASETS = [
  "eurostat_ses_2022",
  "eurostat_ses_monthly",
  "eurostat_min_wage",
  "statutory_minimum_wages",
  "eurostat_gpg",
  "isco_08",
] as const;

const OccupationGroup = z.object({
  code: z.string().describe("ISCO-08 major group code (one digit)"),
  name: z.string().describe("ISCO-08 major group title, e.g. Professionals"),
  mean_hourly: z
    .boolean()
    .describe(
      "true when Eurostat publishes the group's SES mean gross hourly earnings for the country (E2's mean_hourly)",
    ),
  basis: EuBenchmarkFields.basis
    .unwrap()
    .nullable()
    .describe(
      "how E2 makes the group's annual mean here: annual (published annual mean), monthly_x_12 (published monthly mean × 12) or hourly_x_hours (hourly mean × implied annual paid hours, an estimate); null when only the hourly mean exists",
    ),
  gender_gap: z
    .boolean()
    .describe("true when men's and women's hourly means are both published, so E2 answers gender_gap_pct"),
});

const CountryListing = z.object({
  country_code: z.string().describe("ISO 3166 alpha-2 code; send it as E2's `location` or one of E3's `locations`"),
  country_name: z.string().describe("the country's English name"),
  eurostat_code: z.string().describe("the code Eurostat files the country under (EL for Greece)"),
  has_data: z
    .boolean()
    .describe(
      "true when at least one ISCO-08 major group has SES earnings, so E2 can answer with figures; false: E2 answers 404 NO_BENCHMARK for every occupation",
    ),
  earnings_survey: z
    .object({
      year: z
        .number()
        .int()
        .nullable()
        .describe(
          "the Structure of Earnings Survey reference year of the figures (the SES dataset's vintage); null when the survey has none for the country",
        ),
      occupation_groups: z.number().int().describe("how many ISCO-08 major groups have figures (the length of groups)"),
      groups: z
        .array(OccupationGroup)
        .describe("the ISCO-08 major groups with SES figures, by code; E2 answers any occupation in them"),
    })
    .describe(
      "Eurostat Structure of Earnings Survey figures by ISCO-08 major group (enterprises with 10+ employees, NACE B–S except O)",
    ),
  has_minimum_wage: z
    .boolean()
    .describe(
      "true when Eurostat's earn_mw_cur has a statutory minimum wage for the country; false for countries without one (e.g. collective agreements instead)",
    ),
  minimum_wage: MinimumWage.nullable().describe(
    "the statutory minimum wage in force on the request date: the latest Eurostat earn_mw_cur semester not after it, as E2 answers it; null when has_minimum_wage is false",
  ),
  legal_minimum_wage: z
    .object({
      status: z
        .enum(["statutory", "none", "not_in_table"])
        .describe(
          "statutory: the table holds the law's amounts; none: the country has no statutory minimum (collective agreements instead); not_in_table: no source in the table",
        ),
      rules: z
        .array(
          z.object({
            amount: z.number().describe("the amount as legislated, in `currency` per `unit`"),
            unit: z.string().describe("the law's unit: hour, day, week or month"),
            currency: z.string().describe("the law's currency"),
            payments_per_year: z
              .number()
              .int()
              .nullable()
              .describe("monthly amounts: how many are paid a year (14 in ES, PT, GR); null for other units"),
            effective_from: z.string().describe("the date the amount took effect"),
            uncertain: z.boolean().describe("true when the source does not confirm the amount or its date"),
            source_title: z.string().describe("the source the amount is taken from"),
            source_url: z.string().describe("its address"),
          }),
        )
        .describe(
          "the amounts of the latest decision in force on the request date that bind employees, one per legal unit E8's legal check applies (hour, week, month)",
        ),
    })
    .describe(
      "addition: the minimum wage as legislated (statutory_minimum_wages), which E8 applies in the law's own unit and currency",
    ),
  gender_pay_gap: z
    .object({
      pct: z
        .number()
        .describe(
          "Eurostat's unadjusted gender pay gap for the whole economy, percent of men's mean gross hourly earnings",
        ),
      year: z.number().int().describe("the year it describes (the latest published)"),
    })
    .nullable()
    .describe("the headline unadjusted gender pay gap (Eurostat sdg_05_20); null when unpublished"),
});

/** The figures E2 has for one country, read through the same repository calls E2 makes. */
function listing(iso: string, s: Services): z.infer<typeof CountryListing> {
  const geo = isoToEurostat(iso);
  const groups = ISCO_MAJOR_GROUPS.flatMap((code) => {
    const group = `OC${code}`;
    const m = s.euEarnings.annualMean(geo, group);
    if (m.mean === null && m.meanHourly === null) return [];
    const gap = gapPct(s.euEarnings.hourly(geo, group, "M").value, s.euEarnings.hourly(geo, group, "F").value);
    return [
      {
        code,
        name: s.isco.title(code) ?? code,
        mean_hourly: m.meanHourly !== null,
        basis: m.basis,
        gender_gap: gap !== null,
      },
    ];
  });
  const mw = s.euEarnings.minimumWage(geo);
  const gap = s.euEarnings.headlineGap(geo);
  return {
    country_code: iso,
    country_name: countries.getName(iso, "en") ?? iso,
    eurostat_code: geo,
    has_data: groups.length > 0,
    earnings_survey: {
      year: groups.length ? Number(s.sources.dataDate("eurostat_ses_2022")) : null,
      occupation_groups: groups.length,
      groups,
    },
    has_minimum_wage: mw !== undefined,
    minimum_wage: mw ? minimumWageFields(mw) : null,
    legal_minimum_wage: legalMinimumWage(iso, s),
    gender_pay_gap: gap ? { pct: gap.value, year: gap.year } : null,
  };
}

function legalMinimumWage(iso: string, s: Services): z.infer<typeof CountryListing>["legal_minimum_wage"] {
  const rules = rulesOn(s.statutoryMinimumWages.rows(iso), new Date().toISOString().slice(0, 10));
  if (rules.kind !== "statutory") return { status: rules.kind, rules: [] };
  return {
    status: "statutory",
    rules: rules.inForce
      .filter((r) => !r.equivalent && r.unit !== "none" && r.unit !== "day")
      .map((r) => ({
        amount: r.amount!,
        unit: r.unit,
        currency: r.currency!,
        payments_per_year: r.unit === "month" ? r.paymentsPerYear : null,
        effective_from: r.effectiveFrom!,
        uncertain: r.uncertain,
        source_title: r.sourceTitle,
        source_url: r.sourceUrl,
      })),
  };
}

export const salaryCountries = defineRoute({
  id: "X7",
  summary: "EU/EEA countries with earnings data (addition)",
  description:
    "Every EU/EEA country E2 and E3 accept as a location, by English name, with the earnings figures each has: the SES occupation groups (and how E2 makes each annual mean), the statutory minimum wage in force and the headline gender pay gap. Replaces the retired E6.",
  method: "GET",
  path: "/api/v1/salary/countries",
  scope: "salary:read",
  examples: [{ summary: "Every EU/EEA country" }],
  response: z.object({
    countries: z.array(CountryListing).describe("the EU-27, Iceland, Liechtenstein and Norway, by English name"),
    data_source: z.string().describe("the Eurostat datasets that answered, with their vintages"),
  }),
  handle: (_input, s) => ({
    data: {
      countries: EU_EEA.map((iso) => listing(iso, s)).sort((a, b) => a.country_name.localeCompare(b.country_name)),
      data_source: cite(s, ...DATASETS),
    },
    datasets: DATASETS,
  }),
});
