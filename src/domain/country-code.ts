// ISO 3166 country codes as clients send them: alpha-2 or alpha-3, any case, with Eurostat's EL (Greece)
// and UK (United Kingdom) accepted for GR and GB.
import countries from "./country-names.ts";

export interface CountryCode {
  iso2: string;
  iso3: string;
  name: string;
}

export function parseCountryCode(input: string): CountryCode | null {
  const code = input.trim().toUpperCase();
  const iso2 =
    code === "EL"
      ? "GR"
      : code === "UK"
        ? "GB"
        : code.length === 2
          ? code
          : code.length === 3
            ? countries.alpha3ToAlpha2(code)
            : undefined;
  if (!iso2 || !countries.isValid(iso2)) return null;
  return { iso2, iso3: countries.alpha2ToAlpha3(iso2)!, name: countries.getName(iso2, "en") ?? iso2 };
}

/** Every ISO 3166 country, for lists over all of them (E9's countries, the freshest CPI series). */
export const allCountryCodes = (): CountryCode[] =>
  Object.keys(countries.getAlpha2Codes()).map((iso2) => parseCountryCode(iso2)!);
