// Shapes shared by the cost host's endpoints.
import { z } from "zod";

export { isoDate } from "../../http/validation.ts";

export const countryCodeParam = z
  .string()
  .max(8)
  .regex(/^[A-Za-z]{2,3}$/, "must be a 2- or 3-letter ISO country code")
  .describe("ISO 3166 alpha-2 or alpha-3 (any case; EL and UK accepted)");

export const CPI_NOTES = {
  bls: "BLS CPI-U, U.S. city average, not seasonally adjusted; index 1982-84 = 100; flags are BLS footnote codes.",
  hicp: "Eurostat HICP monthly index (prc_hicp_midx), 2005 = 100; flags are Eurostat observation flags (d = definition differs, p = provisional, …).",
  worldbank:
    "World Bank Global Database of Inflation, monthly index as published there (its base varies by economy); where the database has two sources for an economy, the one with the most recent data answers.",
} as const;
