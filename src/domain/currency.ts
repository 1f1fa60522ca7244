// Currency conversion with one documented rate: the World Bank annual average market rate (PPP factor ÷
// price level ratio). Converted figures are rounded to whole units; responses say the rate and its year.
import { round } from "./rounding.ts";

export type Currency = "USD" | "EUR";

export interface ConversionRate {
  eurPerUsd: number;
  year: number;
}

export function convert(
  value: number | null,
  from: Currency,
  to: Currency,
  rate: ConversionRate,
  decimals = 0,
): number | null {
  if (value === null || from === to) return value;
  return round(from === "USD" ? value * rate.eurPerUsd : value / rate.eurPerUsd, decimals);
}

export const conversionNote = (from: Currency, to: Currency, rate: ConversionRate) =>
  `Converted from ${from} to ${to} at ${rate.eurPerUsd.toFixed(4)} EUR per USD, the ${rate.year} annual average market rate from World Bank data (PA.NUS.PPP ÷ PA.NUS.PPPC.RF for Germany), rounded to whole ${to} (hourly figures to the cent).`;

/** Currencies a salary-range posting may be in, and the country whose World Bank rate prices them (EUR: Germany's). */
export const POSTING_CURRENCIES: Record<string, string> = {
  EUR: "DEU",
  USD: "USA",
  PLN: "POL",
  CZK: "CZE",
  HUF: "HUN",
  RON: "ROU",
  BGN: "BGR",
  SEK: "SWE",
  DKK: "DNK",
  NOK: "NOR",
  ISK: "ISL",
  CHF: "CHE",
  GBP: "GBR",
};
