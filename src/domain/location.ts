// Free-text location → a U.S. OEWS area or an EU/EEA country, as people write places. First rule that applies wins:
//  1. empty, "US", "USA", "United States", "national", "99", "0000000" → U.S. national;
//  2. digits: a 7-digit BLS area code; 5 digits: an OEWS metro's CBSA code, else a ZIP code (ZIP+4 and "ZIP 12345"
//     too) → its county → the metro; 2 digits: a state FIPS code;
//  3. "US-TX", a state's name ("Texas", "Texas State"); a state name that is also a principal city of exactly one
//     metro ("New York") is the metro;
//  4. two or three letters: an EU/EEA ISO code (DE is Germany, never Delaware; EL is Greece), then a USPS state
//     code (TX, CA, IN), then another country's ISO code (outside coverage), then an alias (SF, KC);
//  5. an alias from data/place-aliases.csv (NYC, Bay Area, Silicon Valley, DFW, Brooklyn…);
//  6. "Place, Qualifier": the qualifier (USPS code, state name, or a country's code or name in any language) wins;
//  7. a metro's title ("Austin-Round Rock-San Marcos, TX", or its multi-city part before the comma when unique);
//  8. a country's name in any language i18n-iso-countries knows ("Deutschland", "Polska");
//  9. a place's name (GeoNames: main, ASCII and alternate names, so München, Muenchen and Munich meet): the most
//     populous U.S. or EU/EEA namesake, unless one outside coverage is more than 10× as populous (London is
//     England's); the other covered namesakes come back as alternatives;
// 10. a metro's one-city head ("Rome" only when no place is called so), or a principal city of exactly one metro.
// A U.S. place answers with the metro its county is in; a county in no published metro answers with its state's
// nonmetropolitan area when the state has one, else with the state (BLS's nonmetro county lists are not in the
// data). A country outside the U.S. and EU/EEA is recognised and refused with a message saying so.
import countries from "./country-names.ts";
import { EU_EEA } from "./european-countries.ts";
import { similarity } from "./trigram.ts";
import { parseCountryCode } from "./country-code.ts";
import { blsAreaCode } from "./bls-area.ts";
import { placeKey } from "./place/place-key.ts";

export type UsAreaKind = "national" | "state" | "territory" | "msa" | "nonmetro";
export interface UsArea { areaCode: string; title: string; kind: UsAreaKind; stateCode: string | null; cbsa: string | null }
/** Another place the input could mean: its name, the code to ask for it by, its population when known. */
export interface LocationAlternative { name: string; code: string; population: number | null }
export type ResolvedLocation =
  | { region: "us"; area: UsArea; input: string; alternatives?: LocationAlternative[] }
  | { region: "eu"; countryCode: string; countryName: string; city: string | null; input: string; alternatives?: LocationAlternative[] }
  | { region: "unsupported"; countryCode: string; countryName: string; input: string; alternatives?: LocationAlternative[] };

export interface PlaceRecord { name: string; country: string; admin1: string | null; countyFips: string | null; population: number }
export interface ZipRecord { zip: string; place: string; state: string; countyFips: string | null }

/** What the resolver needs to know; built from the snapshot (LocationsRepository). */
export interface LocationData {
  area(areaCode: string): UsArea | null;
  stateByName(name: string): UsArea | null;
  stateByCode(code: string): UsArea | null;
  msaByPrincipalCity(city: string, stateCode: string | null): UsArea | null;
  msaByTitle(title: string): UsArea | null;
  /** The metro a county is in, else its state's single nonmetro area, else its state. */
  areaForCounty(countyFips: string): UsArea | null;
  /** Places answering to a folded name (placeKey). */
  placesNamed(key: string): PlaceRecord[];
  zip(zip: string): ZipRecord | null;
  /** The metro an alias (placeKey) names. */
  alias(key: string): UsArea | null;
  allTitles(): string[];
}

const NATIONAL = new Set(["", "us", "usa", "u.s.", "u.s.a.", "united states", "united states of america", "america", "national", "nationwide", "99", "0000000"]);
const EU_EEA_SET = new Set<string>(EU_EEA);
const US_AND_TERRITORIES = new Set(["US", "PR", "GU", "VI", "AS", "MP", "UM"]);
/** An outside namesake must be this many times as populous as the covered one to make the name mean it. */
const OUTSIDE_DOMINANCE = 10;

function country(iso2: string | undefined, input: string, city: string | null = null): ResolvedLocation | null {
  if (!iso2 || US_AND_TERRITORIES.has(iso2)) return null; // a territory resolves through its OEWS areas or not at all
  const countryName = countries.getName(iso2, "en") ?? iso2;
  return EU_EEA_SET.has(iso2) ? { region: "eu", countryCode: iso2, countryName, city, input } : { region: "unsupported", countryCode: iso2, countryName, input };
}

// Every country name in every language i18n-iso-countries ships, folded → ISO alpha-2; built on first use.
let namesToCodes: Map<string, string> | null = null;
function countryFromName(name: string): string | undefined {
  if (!namesToCodes) {
    namesToCodes = new Map();
    for (const lang of countries.langs()) {
      for (const [code, names] of Object.entries(countries.getNames(lang, { select: "all" }))) {
        for (const n of names) if (!namesToCodes.has(placeKey(n))) namesToCodes.set(placeKey(n), code);
      }
    }
  }
  return namesToCodes.get(placeKey(name));
}

/** A qualifier after a comma: a U.S. state (USPS code or name) or a country (ISO code or name). `places`: those of the name before the comma. */
function qualifier(text: string, data: LocationData, places: PlaceRecord[]): { state: string } | { country: string } | null {
  if (/^[a-z]{2}$/i.test(text)) {
    const iso = parseCountryCode(text)?.iso2;
    // DE and MT are EU/EEA and USPS codes: after a place's name, the one that has a place of that name.
    if (iso && EU_EEA_SET.has(iso) && data.stateByCode(text.toUpperCase())) {
      if (!places.some((p) => p.country === iso) && places.some((p) => p.country === "US" && p.admin1 === text.toUpperCase())) return { state: text.toUpperCase() };
    }
    if (iso && EU_EEA_SET.has(iso)) return { country: iso };
    if (data.stateByCode(text.toUpperCase())) return { state: text.toUpperCase() };
    return iso ? { country: iso } : null;
  }
  const state = data.stateByName(text);
  if (state?.stateCode) return { state: state.stateCode };
  const iso = (/^[a-z]{3}$/i.test(text) ? parseCountryCode(text)?.iso2 : undefined) ?? countryFromName(text);
  return iso ? { country: iso } : null;
}

const placeLabel = (p: PlaceRecord) => `${p.name}, ${p.country === "US" ? p.admin1 : US_AND_TERRITORIES.has(p.country) ? p.country : countries.getName(p.country, "en") ?? p.country}`;

/** Among a name's places (optionally within one state or country), the one meant, and the other covered ones. */
function byPlace(places: PlaceRecord[], input: string, data: LocationData): ResolvedLocation | null {
  const isCovered = (p: PlaceRecord) => US_AND_TERRITORIES.has(p.country) || EU_EEA_SET.has(p.country);
  const covered = places.filter(isCovered).sort((a, b) => b.population - a.population);
  const outside = places.filter((p) => !isCovered(p)).sort((a, b) => b.population - a.population);
  const answer = (p: PlaceRecord): ResolvedLocation | null => {
    if (!US_AND_TERRITORIES.has(p.country)) return country(p.country, input, p.name);
    const area = p.countyFips ? data.areaForCounty(p.countyFips) : null;
    return area ? { region: "us", area, input } : null;
  };
  const code = (r: ResolvedLocation) => (r.region === "us" ? r.area.areaCode : r.countryCode);
  const others = (chosen: ResolvedLocation | null) => {
    const seen = new Set(chosen ? [code(chosen)] : []);
    const out: LocationAlternative[] = [];
    for (const p of covered) {
      const r = answer(p);
      if (out.length >= 3) break;
      if (!r || seen.has(code(r))) continue;
      seen.add(code(r));
      out.push({ name: placeLabel(p), code: code(r), population: p.population });
    }
    return out;
  };
  const top = covered[0];
  if (outside.length && (!top || outside[0].population > OUTSIDE_DOMINANCE * top.population)) {
    const refused = country(outside[0].country, input);
    return refused && { ...refused, alternatives: others(null) };
  }
  for (const p of covered) {
    const r = answer(p);
    if (r) return { ...r, alternatives: others(r) };
  }
  return null;
}

export function resolveLocation(raw: string | undefined, data: LocationData): ResolvedLocation | null {
  const input = (raw ?? "").trim().replace(/\s+/g, " ");
  const lower = input.toLowerCase();
  const us = (area: UsArea | null, alternatives?: LocationAlternative[]): ResolvedLocation | null =>
    area ? { region: "us", area, input, ...(alternatives?.length ? { alternatives } : {}) } : null;
  const fromZip = (zip: string) => {
    const z = data.zip(zip);
    return z?.countyFips ? data.areaForCounty(z.countyFips) : null;
  };

  if (NATIONAL.has(lower)) return us(data.area("0000000"));
  const zipForm = /^(?:zip(?:\s*code)?:?\s*)?(\d{5})(?:-\d{4})?$/i.exec(input);
  if (zipForm && (input.length !== 5 || data.area(`00${input}`)?.kind !== "msa")) return us(fromZip(zipForm[1]));
  if (/^\d+$/.test(input)) {
    const code = blsAreaCode(input);
    const area = code ? data.area(code) : null;
    // Five digits that are a metro's CBSA code and a ZIP code: the metro, with the ZIP code's area as the alternative.
    const zipArea = input.length === 5 ? fromZip(input) : null;
    return us(area, zipArea && zipArea !== area ? [{ name: `ZIP ${input}`, code: `ZIP ${input}`, population: null }] : undefined);
  }
  const usState = /^us-([a-z]{2})$/i.exec(input);
  if (usState) return us(data.stateByCode(usState[1].toUpperCase()));
  const stateName = input.replace(/\s+state$/i, "");
  const state = data.stateByName(stateName);
  if (state) {
    // A state name that heads a metro's title is the metro (New York, Washington); Wyoming stays the state.
    const headed = stateName === input ? data.msaByPrincipalCity(input, null) : null;
    return us(headed && placeKey(headed.title).startsWith(placeKey(input)) ? headed : state);
  }
  if (/^[a-z]{2,3}$/i.test(input)) {
    const iso = parseCountryCode(input)?.iso2;
    if (iso && EU_EEA_SET.has(iso)) return country(iso, input);
    if (input.length === 2 && data.stateByCode(input.toUpperCase())) return us(data.stateByCode(input.toUpperCase()));
    if (iso && !US_AND_TERRITORIES.has(iso)) return country(iso, input);
  }
  const key = placeKey(input);
  const alias = data.alias(key);
  if (alias) return us(alias);

  const comma = /^(.+?),\s*([^,]+)$/.exec(input);
  const name = comma ? comma[1].trim() : input;
  const namesakes = comma ? data.placesNamed(placeKey(name)) : [];
  const q = comma ? qualifier(comma[2].trim(), data, namesakes) : null;
  if (comma && q) {
    if ("state" in q) {
      const within = namesakes.filter((p) => p.country === "US" && p.admin1 === q.state);
      return byPlace(within, input, data) ?? us(data.msaByPrincipalCity(name, q.state) ?? data.msaByTitle(input));
    }
    if (q.country === "US") return byPlace(namesakes.filter((p) => p.country === "US"), input, data);
    const within = namesakes.filter((p) => p.country === q.country);
    // A place the gazetteer does not know, in a named EU/EEA country, still answers with the country.
    return byPlace(within, input, data) ?? country(q.country, input, name);
  }
  // A metro's title, or its multi-city head ("Austin-Round Rock"); a one-city head ("Rome" of Rome, GA) is a place
  // name like any other, and the places rule below decides between its namesakes.
  const msa = comma || input.includes("-") ? data.msaByTitle(input) : null;
  if (msa) return us(msa);
  const named = countryFromName(input);
  if (named && US_AND_TERRITORIES.has(named) && named !== "US") return null; // "Puerto Rico": a territory, not a city elsewhere
  const byName = country(named, input);
  if (byName) return byName;

  return byPlace(data.placesNamed(key), input, data) ?? us(data.msaByTitle(input) ?? data.msaByPrincipalCity(input, null));
}

/** The three closest MSA titles, state names and EU/EEA country names, for LOCATION_NOT_FOUND. */
export function suggestLocations(raw: string, data: LocationData): string[] {
  const names = [...data.allTitles(), ...EU_EEA.map((c) => countries.getName(c, "en") ?? c)];
  return names.map((n) => ({ n, s: similarity(raw, n) })).filter((x) => x.s > 0).sort((a, b) => b.s - a.s).slice(0, 3).map((x) => x.n);
}
