// Shapes shared by the cost host's endpoints.
import { z } from "zod";

/** YYYY-MM-DD that is a real calendar date. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD")
  .refine((d) => { const t = new Date(`${d}T00:00:00Z`); return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d); }, "not a calendar date");

export const countryCodeParam = z.string().max(8).regex(/^[A-Za-z]{2,3}$/, "expected a 2- or 3-letter ISO country code").describe("ISO 3166 alpha-2 or alpha-3 (any case; EL and UK accepted)");

export const CPI_NOTES = {
  bls: "BLS CPI-U, U.S. city average, not seasonally adjusted; index 1982-84 = 100; flags are BLS footnote codes.",
  hicp: "Eurostat HICP monthly index (prc_hicp_midx), 2005 = 100; flags are Eurostat observation flags (d = definition differs, p = provisional, …).",
  worldbank: "World Bank Global Database of Inflation, monthly index as published there (its base varies by economy); where the database has two sources for an economy, the one with the most recent data answers.",
} as const;
