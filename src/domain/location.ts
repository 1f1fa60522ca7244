// Free-text location → a U.S. OEWS area or an EU/EEA country. Precedence, first rule that applies wins:
//  1. empty, "US", "USA", "United States", "U.S.", "national", "99", "0000000" → U.S. national;
//  2. digits: 7-digit BLS area code, 5-digit CBSA (MSA), 2-digit state FIPS — if OEWS publishes that area;
//  3. "US-TX", a U.S. state's name ("Texas") or "<name> State" → that state; but a state name that is also a
//     principal city of exactly one MSA ("New York") is the MSA;
//  4. a 2- or 3-letter ISO 3166 code of an EU/EEA country (Eurostat's EL accepted for GR) → that country;
//     so a bare "DE" is Germany, never Delaware (write "US-DE" or "Delaware");
//  5. "City, ST" → the MSA whose principal cities include that city in that state;
//  6. an MSA's title ("Austin-Round Rock-San Marcos, TX", or the part before the comma);
//  7. an EU/EEA country's name in any language i18n-iso-countries knows ("Deutschland", "Allemagne");
//  8. a city name: among U.S. and EU/EEA cities of that name (GeoNames), the most populous; a U.S. city
//     answers with the MSA it is a principal city of, an EU/EEA city with its country ("Athens" and
//     "Naples" are in Europe, "Portland" in Oregon); with no such city, a principal city of exactly one MSA.
// A country outside the EU/EEA ("UK", "Japan") is recognised and refused with a message saying so.
// Anything else is unresolved; `suggestLocations` names the closest MSA titles and countries.
// City names are GeoNames' main names ("Munich", "Vienna", "Kraków"); other spellings are not known.
import countries from "./country-names.ts";
import { EU_EEA } from "./european-countries.ts";
import { similarity } from "./trigram.ts";
import { parseCountryCode } from "./country-code.ts";
import { blsAreaCode } from "./bls-area.ts";

export type UsAreaKind = "national" | "state" | "territory" | "msa" | "nonmetro";
export interface UsArea { areaCode: string; title: string; kind: UsAreaKind; stateCode: string | null; cbsa: string | null }
export type ResolvedLocation =
  | { region: "us"; area: UsArea; input: string }
  | { region: "eu"; countryCode: string; countryName: string; city: string | null; input: string }
  | { region: "unsupported"; countryCode: string; countryName: string; input: string };

export interface CityRecord { name: string; country: string; adminCode: string | null; population: number }

/** What the resolver needs to know; built from the snapshot (LocationsRepository). */
export interface LocationData {
  area(areaCode: string): UsArea | null;
  stateByName(name: string): UsArea | null;
  stateByCode(code: string): UsArea | null;
  msaByPrincipalCity(city: string, stateCode: string | null): UsArea | null;
  msaByTitle(title: string): UsArea | null;
  citiesNamed(name: string): CityRecord[];
  allTitles(): string[];
}

const NATIONAL = new Set(["", "us", "usa", "u.s.", "u.s.a.", "united states", "united states of america", "america", "national", "99", "0000000"]);
const EU_EEA_SET = new Set<string>(EU_EEA);
const US_AND_TERRITORIES = new Set(["US", "PR", "GU", "VI", "AS", "MP", "UM"]);

function euCountry(iso2: string | undefined, input: string, city: string | null = null): ResolvedLocation | null {
  if (!iso2) return null;
  const countryName = countries.getName(iso2, "en") ?? iso2;
  // The U.S. and its territories are never "outside": a territory resolves through its OEWS areas or not at all.
  if (US_AND_TERRITORIES.has(iso2)) return null;
  return EU_EEA_SET.has(iso2) ? { region: "eu", countryCode: iso2, countryName, city, input } : { region: "unsupported", countryCode: iso2, countryName, input };
}

// Every country name in every language i18n-iso-countries ships, lower-cased → ISO alpha-2; built on first use.
let namesToCodes: Map<string, string> | null = null;
function countryFromName(name: string): string | undefined {
  if (!namesToCodes) {
    namesToCodes = new Map();
    for (const lang of countries.langs()) {
      for (const [code, names] of Object.entries(countries.getNames(lang, { select: "all" }))) {
        for (const n of names) if (!namesToCodes.has(n.toLowerCase())) namesToCodes.set(n.toLowerCase(), code);
      }
    }
  }
  return namesToCodes.get(name.toLowerCase());
}

export function resolveLocation(raw: string | undefined, data: LocationData): ResolvedLocation | null {
  const input = (raw ?? "").trim().replace(/\s+/g, " ");
  const lower = input.toLowerCase();
  const us = (area: UsArea | null): ResolvedLocation | null => (area ? { region: "us", area, input } : null);

  if (NATIONAL.has(lower)) return us(data.area("0000000"));
  if (/^\d+$/.test(input)) {
    const code = blsAreaCode(input);
    return code ? us(data.area(code)) : null;
  }
  const usState = /^us-([a-z]{2})$/i.exec(input);
  if (usState) return us(data.stateByCode(usState[1].toUpperCase()));
  const stateName = input.replace(/\s+state$/i, "");
  const state = data.stateByName(stateName);
  if (state) return us(stateName === input ? data.msaByPrincipalCity(input, null) ?? state : state);
  if (/^[a-z]{2,3}$/i.test(input)) return euCountry(parseCountryCode(input)?.iso2, input);

  const cityState = /^(.+?),\s*([a-z]{2})$/i.exec(input);
  if (cityState) {
    const msa = data.msaByPrincipalCity(cityState[1], cityState[2].toUpperCase()) ?? data.msaByTitle(input);
    if (msa) return us(msa);
  }
  const msa = data.msaByTitle(input);
  if (msa) return us(msa);
  const named = countryFromName(input);
  if (named && US_AND_TERRITORIES.has(named) && named !== "US") return null; // "Puerto Rico": a territory, not a city elsewhere
  const country = euCountry(named, input);
  if (country) return country;

  const cityName = cityState ? cityState[1] : input;
  const [best] = data.citiesNamed(cityName)
    .filter((c) => c.country === "US" || EU_EEA_SET.has(c.country))
    .filter((c) => !cityState || (c.country === "US" && c.adminCode === cityState[2].toUpperCase()))
    .sort((a, b) => b.population - a.population);
  if (best && best.country !== "US") return euCountry(best.country, input, best.name);
  const cityMsa = best ? data.msaByPrincipalCity(best.name, best.adminCode) : null;
  if (cityMsa) return us(cityMsa);
  // The most populous namesake is in no MSA, or there is none (territories' cities are not in the
  // gazetteer): a principal city of exactly one MSA still names it ("San Juan").
  return cityState ? null : us(data.msaByPrincipalCity(cityName, null));
}

/** The three closest MSA titles, state names and EU/EEA country names, for LOCATION_NOT_FOUND. */
export function suggestLocations(raw: string, data: LocationData): string[] {
  const names = [...data.allTitles(), ...EU_EEA.map((c) => countries.getName(c, "en") ?? c)];
  return names.map((n) => ({ n, s: similarity(raw, n) })).filter((x) => x.s > 0).sort((a, b) => b.s - a.s).slice(0, 3).map((x) => x.n);
}
