// Free-text location → a U.S. OEWS area or an EU/EEA country, as people write places. First, a place as a job ad
// writes it loses its work mode and postcode (place/job-ad.ts: "Hybrid - 10115 Berlin" is Berlin; "Remote" alone is
// the U.S. national figure, as no location is; a state with a ZIP code in it is the ZIP's area), and a region of
// several countries ("EMEA", "Europe") is none. Then the first rule that applies wins:
//  1. empty, "US", "USA", "(the) United States", "national", "99", "0000000" → U.S. national;
//  2. digits: a 7-digit BLS area code; 5 digits: an OEWS metro's CBSA code, else a ZIP code (ZIP+4 and "ZIP 12345"
//     too) → its county → the metro; 2 digits: a state FIPS code;
//  3. "US-TX", a state's name ("Texas", "Texas State", "State of Texas", "N. Carolina") or GPO/AP abbreviation
//     ("Calif.", "Tenn"); a state name that heads the title of the one metro it is a principal city of ("New York")
//     is the metro;
//  4. two or three letters: an EU/EEA ISO code (DE is Germany, never Delaware; EL is Greece), then a USPS state
//     code (TX, CA, IN), then another country's ISO code (outside coverage), then an alias (SF, KC);
//  5. an alias from data/place-aliases.csv (NYC, Bay Area, Silicon Valley, DFW, Brooklyn…), with or without "The";
//     a county by name ("Cook County");
//  6. "Place, Qualifier": the qualifier wins when it is a state, province, region or country: a USPS code, state
//     name or abbreviation, a country's code or name in any language, or an ISO 3166-2 subdivision abroad
//     ("London, Ontario", "Vancouver, BC"), or a name that is no place ("Munich, Bavaria": the name's most populous
//     namesake outside the U.S.). A qualifier that is a place is none: with a name that is a place too ("Seattle,
//     Austin") nothing answers and placeReadings gives both; a name that is no place is a part of it ("Capitol
//     Hill, Seattle"). Two commas: a qualified place and its country ("Austin, TX, USA"), else nothing (a list).
//     A misspelt name is corrected within the qualifier;
//  7. a metro's title ("Austin-Round Rock-San Marcos, TX", or its multi-city part before the comma when unique);
//  8. a country's name in any language i18n-iso-countries knows ("Deutschland", "Polska");
//  9. a place's name (GeoNames: main, ASCII and alternate names, so München, Muenchen and Munich meet; ae/oe/ue
//     also read as umlauts): the most populous U.S. or EU/EEA namesake, unless one outside coverage is more than
//     10× as populous (London is England's); the other covered namesakes come back as alternatives;
// 10. a metro's one-city head ("Rome" only when no place is called so), or a principal city of exactly one metro;
// 11. "Greater X", "Metro X", "X area", "X metro area": X;
// 12. "Place Qualifier" without the comma ("Hamilton OH", "Paris France"), when the qualifier is known and the
//     place is in it;
// 13. a misspelling: the one notable place, state or country within 1 edit (5–8 letters) or 2 (9+), when it is
//     alone at that distance or 5× as populous as the next (place/spelling.ts); the answer says what it read.
// A U.S. place answers with the metro its county is in; a county in no published metro answers with its state's
// nonmetropolitan area when the state has one, else with the state (BLS's nonmetro county lists are not in the
// data). A country outside the U.S. and EU/EEA is recognised and refused with a message saying so.
import countries from "./country-names.ts";
import { EU_EEA } from "./european-countries.ts";
import { TrigramIndex } from "./trigram-index.ts";
import { parseCountryCode } from "./country-code.ts";
import { blsAreaCode } from "./bls-area.ts";
import { placeKey } from "./place/place-key.ts";
import { type PlaceSpelling, correctableEdits, type SpellingName } from "./place/spelling.ts";
import { stateAbbreviation } from "./place/state-abbreviations.ts";
import { regionCountries, subdivisionNames } from "./place/regions.ts";
import { readJobAdPlace } from "./place/job-ad.ts";

export type UsAreaKind = "national" | "state" | "territory" | "msa" | "nonmetro";
export interface UsArea {
  areaCode: string;
  title: string;
  kind: UsAreaKind;
  stateCode: string | null;
  cbsa: string | null;
}
/** Another place the input could mean: its name, the code to ask for it by, its population when known. */
export interface LocationAlternative {
  name: string;
  code: string;
  population: number | null;
}
/**
 * `spelling`: the name a misspelt input was read as ("Chicago, IL" for "Chicgo"); `setAside`: a work mode and a
 * postcode read around the place's name ("Hybrid - 10115 Berlin"; place/job-ad.ts).
 */
interface Resolution {
  input: string;
  alternatives?: LocationAlternative[];
  spelling?: string;
  setAside?: { workMode: string | null; postcode: string | null };
}
export type ResolvedLocation =
  | (Resolution & { region: "us"; area: UsArea })
  | (Resolution & { region: "eu"; countryCode: string; countryName: string; city: string | null })
  | (Resolution & { region: "unsupported"; countryCode: string; countryName: string });

/** `key`: the folded name it was found by; `name`: the place's own (GeoNames main) name. */
export interface PlaceRecord {
  key: string;
  name: string;
  country: string;
  admin1: string | null;
  countyFips: string | null;
  population: number;
}
export interface CountyRecord {
  name: string;
  state: string;
  countyFips: string;
  population: number;
}
export interface ZipRecord {
  zip: string;
  place: string;
  state: string;
  countyFips: string | null;
}

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
  placesNamed(key: string): readonly PlaceRecord[];
  zip(zip: string): ZipRecord | null;
  /** The metro an alias (placeKey) names. */
  alias(key: string): UsArea | null;
  allTitles(): string[];
  /** Counties (and parishes, boroughs) of a CBSA answering to a folded name ("orange county"), most populous first. */
  countiesNamed(key: string): CountyRecord[];
  /** The country a folded name (placeKey) names in any language (as the snapshot build stored countryNameKeys). */
  countryNamed(key: string): string | null;
  /** The spelling index over spellingNames, as the snapshot build stored it. */
  spelling(): PlaceSpelling;
  /** An input's resolution, remembered (the data never changes, so a remembered answer is the answer). */
  remembered(input: string, resolve: () => ResolvedLocation | null): ResolvedLocation | null;
}

const NATIONAL = new Set([
  "",
  "us",
  "usa",
  "u.s.",
  "u.s.a.",
  "united states",
  "united states of america",
  "america",
  "national",
  "nationwide",
  "99",
  "0000000",
]);
// Regions of several countries that job ads name for remote work: no one country's figures answer for them (and
// "EU" is not Eu in Normandy).
const SEVERAL_COUNTRIES = new Set(
  (
    "eu|european union|europe|eea|emea|dach|benelux|nordics|scandinavia|apac|latam|" +
    "worldwide|global|anywhere|international|work from anywhere"
  ).split("|"),
);
const EU_EEA_SET = new Set<string>(EU_EEA);
const US_AND_TERRITORIES = new Set(["US", "PR", "GU", "VI", "AS", "MP", "UM"]);
/** A place this large is known by its name without "City" ("Salt Lake", "Oklahoma"…: the state comes first). */
const LARGE_PLACE = 100_000;
/** An outside namesake must be this many times as populous as the covered one to make the name mean it. */
const OUTSIDE_DOMINANCE = 10;

function country(iso2: string | undefined, input: string, city: string | null = null): ResolvedLocation | null {
  if (!iso2 || US_AND_TERRITORIES.has(iso2)) return null; // a territory resolves through its OEWS areas or not at all
  const countryName = countries.getName(iso2, "en") ?? iso2;
  return EU_EEA_SET.has(iso2)
    ? { region: "eu", countryCode: iso2, countryName, city, input }
    : { region: "unsupported", countryCode: iso2, countryName, input };
}

function countryFromName(name: string, data: LocationData): string | undefined {
  const key = placeKey(name);
  return data.countryNamed(key) ?? COUNTRY_PARTS[key];
}

// Countries of the United Kingdom, and its other names, as job boards write them ("Birmingham, England").
const COUNTRY_PARTS: Record<string, string> = {
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "great britain": "GB",
  britain: "GB",
};

/** A qualifier after a comma: a U.S. state (USPS code or name) or a country (ISO code or name). `places`: those of the name before the comma. */
type Qualifier = { state: string } | { country: string };
/** The spelling names inside a qualifier's state or country. */
const inside = (q: Qualifier) => (n: SpellingName) =>
  "state" in q ? n.country === "US" && n.admin1 === q.state : n.country === q.country;

function qualifier(raw: string, data: LocationData, places: readonly PlaceRecord[]): Qualifier | null {
  const text = raw.replace(/\./g, "").trim(); // "N.Y.", "D.C.", "Ore."
  // "MO-IL", "PA-NJ-DE-MD": the states of a metro that spans several, as BLS titles write them; the one with a place of the name.
  const states = /^[a-z]{2}(-[a-z]{2})+$/i.test(text) ? text.toUpperCase().split("-") : null;
  if (states?.every((st) => data.stateByCode(st)))
    return { state: states.find((st) => places.some((p) => p.country === "US" && p.admin1 === st)) ?? states[0] };
  if (/^[a-z]{2}$/i.test(text)) {
    const iso = parseCountryCode(text)?.iso2;
    // DE and MT are EU/EEA and USPS codes: after a place's name, the one that has a place of that name.
    if (iso && EU_EEA_SET.has(iso) && data.stateByCode(text.toUpperCase())) {
      if (
        !places.some((p) => p.country === iso) &&
        places.some((p) => p.country === "US" && p.admin1 === text.toUpperCase())
      )
        return { state: text.toUpperCase() };
    }
    if (iso && EU_EEA_SET.has(iso)) return { country: iso };
    if (data.stateByCode(text.toUpperCase())) return { state: text.toUpperCase() };
    return iso ? { country: iso } : null;
  }
  const state = stateNamed(raw, data, false);
  if (state?.stateCode) return { state: state.stateCode };
  const iso = (/^[a-z]{3}$/i.test(text) ? parseCountryCode(text)?.iso2 : undefined) ?? countryFromName(text, data);
  return iso ? { country: iso } : null;
}

const DIRECTIONS: Record<string, string> = { n: "north", s: "south", w: "west" };
/**
 * A state by its name or as it is written out: "Texas State", "State of Texas", "N. Carolina", and the GPO and AP
 * abbreviations ("Calif.", "Tenn"). Alone (`standalone`), an abbreviation needs its dot or four letters: "IND" is India.
 */
function stateNamed(text: string, data: LocationData, standalone: boolean): UsArea | null {
  const t = text
    .trim()
    .replace(/^state of\s+/i, "")
    .replace(/\s+state$/i, "");
  const byName =
    data.stateByName(t) ??
    data.stateByName(t.replace(/^([nsw])\.?\s+/i, (_, d: string) => `${DIRECTIONS[d.toLowerCase()]} `));
  if (byName) return byName;
  const abbreviation =
    standalone && !t.endsWith(".") && t.replace(/[.\s]/g, "").length < 4 ? undefined : stateAbbreviation(t);
  return abbreviation ? data.stateByCode(abbreviation) : null;
}

/** "Orange County", "Orleans Parish", "Capitol Planning Region" (within a state when given): the county's metro, the next counties of that name as alternatives. */
function byCounty(name: string, input: string, data: LocationData, state?: string): ResolvedLocation | null {
  const key = placeKey(name);
  if (!/ (county|parish|borough|planning region)$/.test(key)) return null; // Connecticut's since 2022: planning regions
  const answers = data
    .countiesNamed(key)
    .filter((c) => !state || c.state === state)
    .flatMap((c) => {
      const area = data.areaForCounty(c.countyFips);
      return area ? [{ c, area }] : [];
    });
  if (!answers.length) return null;
  const alternatives = answers
    .slice(1, 4)
    .map(({ c, area }) => ({ name: `${c.name}, ${c.state}`, code: area.areaCode, population: c.population }));
  return { region: "us", area: answers[0].area, input, ...(alternatives.length ? { alternatives } : {}) };
}

const placeLabel = (p: PlaceRecord) =>
  `${p.name}, ${p.country === "US" ? p.admin1 : US_AND_TERRITORIES.has(p.country) ? p.country : (countries.getName(p.country, "en") ?? p.country)}`;

/** The code a resolved place is asked for by: its BLS area code, or its country's ISO code. */
const codeOf = (r: ResolvedLocation) => (r.region === "us" ? r.area.areaCode : r.countryCode);

const isCovered = (p: PlaceRecord) => US_AND_TERRITORIES.has(p.country) || EU_EEA_SET.has(p.country);

/** What one place answers with: its county's area (U.S.), else its country. */
function placeAnswer(p: PlaceRecord, input: string, data: LocationData): ResolvedLocation | null {
  if (!US_AND_TERRITORIES.has(p.country)) return country(p.country, input, p.name);
  const area = p.countyFips ? data.areaForCounty(p.countyFips) : null;
  return area ? { region: "us", area, input } : null;
}

/** Among a name's places (optionally within one state or country), the one meant (`meant` when known), and the other covered ones. */
function byPlace(
  places: readonly PlaceRecord[],
  input: string,
  data: LocationData,
  meant?: PlaceRecord,
): ResolvedLocation | null {
  const covered = places.filter(isCovered).sort((a, b) => b.population - a.population);
  const outside = places.filter((p) => !isCovered(p)).sort((a, b) => b.population - a.population);
  const answer = (p: PlaceRecord) => placeAnswer(p, input, data);
  const others = (chosen: ResolvedLocation | null) => {
    const seen = new Set(chosen ? [codeOf(chosen)] : []);
    const out: LocationAlternative[] = [];
    for (const p of covered) {
      const r = answer(p);
      if (out.length >= 3) break;
      if (!r || seen.has(codeOf(r))) continue;
      seen.add(codeOf(r));
      out.push({ name: placeLabel(p), code: codeOf(r), population: p.population });
    }
    return out;
  };
  const top = covered[0];
  const abroad =
    meant && !isCovered(meant)
      ? meant
      : !meant && outside.length && (!top || outside[0].population > OUTSIDE_DOMINANCE * top.population)
        ? outside[0]
        : null;
  if (abroad) {
    const refused = country(abroad.country, input);
    return refused && { ...refused, alternatives: others(null) };
  }
  for (const p of meant ? [meant] : covered) {
    const r = answer(p);
    if (r) return { ...r, alternatives: others(r) };
  }
  return null;
}

/** The region of several countries an input names ("EMEA", "Remote - Europe"), or null. */
export function severalCountries(raw: string): string | null {
  const input = raw.trim().replace(/\s+/g, " ");
  const name = readJobAdPlace(input)?.text ?? input;
  return SEVERAL_COUNTRIES.has(placeKey(name)) ? name : null;
}

const normalised = (raw: string | undefined) => (raw ?? "").trim().replace(/\s+/g, " ");

/** What a location input names; answers are shared between requests, so read them, never alter them. */
export function resolveLocation(raw: string | undefined, data: LocationData): ResolvedLocation | null {
  const input = normalised(raw);
  return data.remembered(input, () => resolveInput(input, data));
}

/** The same, resolved afresh (benchmarks time this). */
export const resolveLocationUncached = (raw: string | undefined, data: LocationData) =>
  resolveInput(normalised(raw), data);

function resolveInput(input: string, data: LocationData): ResolvedLocation | null {
  // A work mode or a postcode around the name: the name decides; a work mode alone is the U.S. national figure,
  // as an omitted location is (the spec's default). What the name alone cannot resolve, the whole input may.
  const ad = readJobAdPlace(input);
  if (ad) {
    const setAside = { workMode: ad.workMode, postcode: ad.postcode };
    // "TX 78701": a state and a ZIP code in it: the ZIP code's area, which is narrower.
    const zip = ad.postcode && /^\d{5}(?:-\d{4})?$/.test(ad.postcode) ? data.zip(ad.postcode.slice(0, 5)) : null;
    const state = zip ? (data.stateByCode(ad.text.toUpperCase()) ?? stateNamed(ad.text, data, true)) : null;
    const zipArea =
      state && zip?.state === state.stateCode && zip.countyFips ? data.areaForCounty(zip.countyFips) : null;
    if (zipArea) return { region: "us", area: zipArea, input, setAside };
    // "Sydney NSW 2000", "20121 Milano MI": the region or province code left after the postcode.
    const lastWord = / (\S+)$/;
    const withPostcode = ad.text.includes(",")
      ? []
      : [ad.text.replace(lastWord, ", $1"), ad.text.replace(lastWord, "")];
    const readings = ad.text ? [ad.text, ...(ad.postcode ? withPostcode : [])] : [""];
    for (const text of readings) {
      const r = resolveAs(text, data, text !== "");
      if (r) return { ...r, input, setAside };
    }
  }
  return resolveAs(input, data, true);
}

function resolveAs(input: string, data: LocationData, mayCorrect: boolean): ResolvedLocation | null {
  const lower = input.toLowerCase();
  const us = (area: UsArea | null, alternatives?: LocationAlternative[]): ResolvedLocation | null =>
    area ? { region: "us", area, input, ...(alternatives?.length ? { alternatives } : {}) } : null;
  const fromZip = (zip: string) => {
    const z = data.zip(zip);
    return z?.countyFips ? data.areaForCounty(z.countyFips) : null;
  };

  if (NATIONAL.has(lower.replace(/^the /, ""))) return us(data.area("0000000"));
  if (SEVERAL_COUNTRIES.has(placeKey(input))) return null;
  const zipForm = /^(?:zip(?:\s*code)?:?\s*)?(\d{5})(?:-\d{4})?$/i.exec(input);
  if (zipForm && (input.length !== 5 || data.area(`00${input}`)?.kind !== "msa")) return us(fromZip(zipForm[1]));
  if (/^\d+$/.test(input)) {
    const code = blsAreaCode(input);
    const area = code ? data.area(code) : null;
    // Five digits that are a metro's CBSA code and a ZIP code: the metro, with the ZIP code's area as the alternative.
    const zipArea = input.length === 5 ? fromZip(input) : null;
    return us(
      area,
      zipArea && zipArea !== area ? [{ name: `ZIP ${input}`, code: `ZIP ${input}`, population: null }] : undefined,
    );
  }
  const usState = /^us-([a-z]{2})$/i.exec(input);
  if (usState) return us(data.stateByCode(usState[1].toUpperCase()));
  const state = stateNamed(input, data, true);
  if (state) {
    // A state name that heads a metro's title is the metro (New York, Washington); Wyoming stays the state.
    const headed = data.stateByName(input) ? data.msaByPrincipalCity(input, null) : null;
    return us(headed && placeKey(headed.title).startsWith(placeKey(input)) ? headed : state);
  }
  if (/^[a-z]{2,3}$/i.test(input)) {
    const iso = parseCountryCode(input)?.iso2;
    if (iso && EU_EEA_SET.has(iso)) return country(iso, input);
    if (input.length === 2 && data.stateByCode(input.toUpperCase())) return us(data.stateByCode(input.toUpperCase()));
    if (iso && !US_AND_TERRITORIES.has(iso)) return country(iso, input);
  }
  const key = placeKey(input);
  const alias = data.alias(key) ?? data.alias(key.replace(/^the /, ""));
  if (alias) return us(alias);
  const county = byCounty(input, input, data);
  if (county) return county;

  // "Jacksonville, Florida Metropolitan Area": the metro words go before the comma is read.
  const trimmed = input.replace(METRO_WORDS, "").trim();
  if (trimmed && trimmed !== input && trimmed.includes(",")) {
    const r = resolveAs(trimmed, data, mayCorrect);
    if (r) return { ...r, input };
  }
  const comma = /^(.+?),\s*([^,]+)$/.exec(input);
  if (comma) {
    const r = qualified(comma[1].trim(), comma[2].trim(), input, data, mayCorrect ? "comma" : "exact");
    if (r !== undefined) return r;
  }
  // A metro's title, or its multi-city head ("Austin-Round Rock-San Marcos"); a one-city head ("Rome" of Rome, GA) is a place
  // name like any other, and the places rule below decides between its namesakes.
  const msa = comma || input.includes("-") ? data.msaByTitle(input) : null;
  if (msa) return us(msa);
  const named = countryFromName(input, data);
  if (named && US_AND_TERRITORIES.has(named) && named !== "US") return null; // "Puerto Rico": a territory, not a city elsewhere
  const byName = country(named, input);
  if (byName) return byName;

  // A state, province or region of one EU/EEA country by its own name ("Lombardia", "Andalucía", "Bayern",
  // "Normandie"): that country, whose figures are national, unless a place of 100,000 or more bears the name too
  // (Salzburg, Utrecht, Namur are cities first); a smaller namesake elsewhere (Lombardía, Mexico) does not.
  const places = placesNamed(key, data);
  if (input.length > 3 && !places.some((p) => p.population >= LARGE_PLACE)) {
    const regions = regionCountries(input).filter((c) => EU_EEA_SET.has(c));
    if (regions.length === 1) return country(regions[0], input);
  }
  const found = byPlace(places, input, data) ?? us(data.msaByTitle(input) ?? data.msaByPrincipalCity(input, null));
  if (found) return found;
  // "Greater Boston", "Metro Detroit", "Boston area": the place named, whose metro answers anyway.
  const core = input.replace(METRO_WORDS, "").trim();
  if (core && core !== input) {
    const alias = data.alias(placeKey(core)); // "LA area" is Los Angeles's, not Louisiana's
    const r = alias ? us(alias) : resolveAs(core, data, mayCorrect);
    if (r) return { ...r, input };
  }
  // "Hamilton OH", "Paris France": a qualifier without its comma, when the words before it name a place there;
  // misspelt ("Charlote NC"), as the comma form reads it, when the last words are a known qualifier.
  const words = input.split(" ");
  for (let k = 1; !comma && k <= Math.min(3, words.length - 1); k++) {
    const [name, tail] = [words.slice(0, -k).join(" "), words.slice(-k).join(" ")];
    const r = qualified(name, tail, input, data, "space") ?? (mayCorrect ? misspeltIn(name, tail, input, data) : null);
    if (r) return r;
  }
  // "Salt Lake": a large place's name without its "City"; "Frankfurt/Main": the name before the slash.
  const city = placesNamed(`${key} city`, data).filter((p) => isCovered(p) && p.population >= LARGE_PLACE);
  if (city.length) return byPlace(city, input, data);
  // "Frankfurt/Main", "Halle/Saale": a river or region after the slash; two places ("Seattle/Austin") are none.
  const slashed = /^([^/]+?)\s*\/\s*(\S.*)$/.exec(input);
  if (slashed && !placeAlone(slashed[2]!, data)) {
    const r = resolveAs(slashed[1]!, data, false);
    if (r) return { ...r, input };
  }
  return mayCorrect ? corrected(input, input, data) : null;
}

/** "Charlote NC": a misspelt name before a known qualifier, read as the comma form reads it; only a correction. */
function misspeltIn(name: string, tail: string, input: string, data: LocationData): ResolvedLocation | null {
  if (!qualifier(tail, data, [])) return null;
  const r = qualified(name, tail, input, data, "comma");
  return r?.spelling ? r : null;
}

/** A name's places; "Zuerich", "Koeln": German umlauts typed as ae/oe/ue, when the name as typed has none. */
function placesNamed(key: string, data: LocationData): readonly PlaceRecord[] {
  const places = data.placesNamed(key);
  return places.length || !/[aou]e/.test(key) ? places : data.placesNamed(key.replace(/([aou])e/g, "$1"));
}

// "Greater Boston", "Boston area", "Dallas-Fort Worth Metroplex", "Region of Madrid", "Hamburg und Umgebung".
const METRO_WORDS =
  /^(?:(?:greater|metro|metropolitan|(?:the\s+)?(?:region|area)\s+of|r[ée]gion\s+de|regione\s+di|regi[oó]n\s+de|regio|region)\s+|r[ée]gion\s+d['’]\s*)|\s+(?:metro(?:politan)?(?:\s+area)?|metroplex|area|region|gebiet|and\s+surrounding\s+areas?|und\s+umgebung|et\s+environs|e\s+dintorni|y\s+alrededores|en\s+omgeving|i\s+okolice)$/i;

/**
 * "Place, Qualifier", or "Place Qualifier" without the comma (`form` "space": only a known qualifier and a known
 * place count). "exact": a comma form inside a spelling correction, not corrected again. undefined: the qualifier
 * is unknown and the name names no place, so other rules may try the whole input. A known qualifier (a U.S. state
 * or a country) wins over population; any other qualifier goes to `regional`.
 */
function qualified(
  name: string,
  qualifierText: string,
  input: string,
  data: LocationData,
  form: "comma" | "space" | "exact",
): ResolvedLocation | null | undefined {
  if (name.includes(",")) return form === "space" ? undefined : twiceQualified(name, qualifierText, input, data);
  const namesakes = placesNamed(placeKey(name), data);
  const q = qualifier(qualifierText, data, namesakes);
  const spelt = () => (form === "comma" && q ? corrected(name, input, data, inside(q)) : null);
  if (!q) return form === "space" ? undefined : regional(name, qualifierText, namesakes, input, data);
  // "NY, NY": the state's name standing for its city; "Ohio, United States": a U.S. place or state, as alone.
  if (
    "state" in q &&
    (data.stateByCode(name.replace(/\./g, "").toUpperCase()) ?? stateNamed(name, data, false))?.stateCode === q.state
  ) {
    const area = data.msaByPrincipalCity(data.stateByCode(q.state)!.title, q.state);
    if (area) return { region: "us", area, input };
  }
  if ("country" in q && q.country === "US") {
    const alone = placeAlone(name, data);
    if (alone?.region === "us") return { ...alone, input };
  }
  if ("state" in q) {
    const county = byCounty(name, input, data, q.state);
    if (county) return county;
    const within = namesakes.filter((p) => p.country === "US" && p.admin1 === q.state);
    const alias = data.alias(placeKey(name)); // "Queens, NY": an alias whose metro is in that state
    const aliasInState = alias?.title.split(", ")[1]?.split("-").includes(q.state) ? alias : null;
    const area = data.msaByPrincipalCity(name, q.state) ?? data.msaByTitle(input) ?? aliasInState;
    return byPlace(within, input, data) ?? (area && { region: "us", area, input }) ?? spelt();
  }
  const within = namesakes.filter((p) => p.country === q.country);
  // A place the gazetteer does not know, in a named EU/EEA country, still answers with the country; not a name
  // that is itself a state or country ("DE, FR" is two countries, not a place called DE in France).
  const unknownPlace = form !== "space" && q.country !== "US" && !qualifier(name, data, []);
  return byPlace(within, input, data) ?? spelt() ?? (unknownPlace ? country(q.country, input, name) : null);
}

const countryOf = (r: ResolvedLocation) => (r.region === "us" ? "US" : r.countryCode);

/**
 * "Austin, TX, USA", "Lyon, Rhône, France": a qualified place qualified again by its own country. Anything else with
 * two commas ("NYC, Seattle, Austin") is a list, not a place: null, never one of its parts.
 */
function twiceQualified(
  name: string,
  qualifierText: string,
  input: string,
  data: LocationData,
): ResolvedLocation | null {
  const msa = data.msaByTitle(input);
  if (msa) return { region: "us", area: msa, input };
  const outer = qualifier(qualifierText, data, []);
  const inner = outer && "country" in outer ? resolveAs(name, data, false) : null;
  return inner && countryOf(inner) === (outer as { country: string }).country ? { ...inner, input } : null;
}

/**
 * "Place, X" where X is neither a U.S. state nor a country. X must be a state, province or region abroad: an ISO
 * 3166-2 subdivision whose country has a place of that name ("London, Ontario", "Glasgow, Scotland", "Paris,
 * Île-de-France"), or a name that is no place at all ("Munich, Bavaria": the name's most populous namesake outside
 * the U.S.). When X is a place, the comma does not qualify: a name that is a place too ("Seattle, Austin") makes
 * two places and nothing answers (placeReadings offers both); a name that is no place on its own is a part of X
 * ("Capitol Hill, Seattle").
 */
function regional(
  name: string,
  regionText: string,
  namesakes: readonly PlaceRecord[],
  input: string,
  data: LocationData,
): ResolvedLocation | null | undefined {
  const inRegion = namesakeInRegion(namesakes, regionText);
  if (inRegion) return byPlace(namesakes, input, data, inRegion);
  const other = placeAlone(regionText, data);
  if (other) {
    const own = placeAlone(name, data);
    if (own) return codeOf(own) === codeOf(other) ? { ...own, input } : null;
    return other.region === "us" ? { region: "us", area: other.area, input } : undefined;
  }
  const abroad = namesakes
    .filter((p) => !US_AND_TERRITORIES.has(p.country))
    .sort((a, b) => b.population - a.population)[0];
  return abroad ? byPlace(namesakes, input, data, abroad) : undefined;
}

/** The most populous of a name's places in a country having a state, province or region called `regionText`. */
function namesakeInRegion(namesakes: readonly PlaceRecord[], regionText: string): PlaceRecord | undefined {
  const regionOf = new Set(regionCountries(regionText));
  return namesakes.filter((p) => regionOf.has(p.country)).sort((a, b) => b.population - a.population)[0];
}

/** What a text names on its own, uncorrected, unless that is the whole United States. */
function placeAlone(text: string, data: LocationData): ResolvedLocation | null {
  const r = resolveAs(text, data, false);
  return r && !(r.region === "us" && r.area.kind === "national") ? r : null;
}

/** One way to read an input: what it names, as alternatives list it, and whether the salary data covers it. */
export interface PlaceReading extends LocationAlternative {
  covered: boolean;
}

/**
 * "Seattle, Austin": when a comma joins two places rather than a place and its state, province, region or country,
 * the two places (the input itself resolves to nothing). null for any other input.
 */
export function placeReadings(raw: string, data: LocationData): PlaceReading[] | null {
  const input = raw.trim().replace(/\s+/g, " ");
  const comma = /^([^,]+),\s*([^,]+)$/.exec(input);
  if (!comma || resolveAs(input, data, true)) return null;
  const [name, other] = [comma[1].trim(), comma[2].trim()];
  if (qualifier(other, data, []) || namesakeInRegion(placesNamed(placeKey(name), data), other)) return null;
  const readings = [name, other].map((text) => readPlace(text, data));
  return readings[0] && readings[1] && readings[0].code !== readings[1].code ? [readings[0], readings[1]] : null;
}

/** What a text names on its own (uncorrected), labelled as alternatives are; null when nothing or the whole U.S. */
export function readPlace(text: string, data: LocationData): PlaceReading | null {
  const r = placeAlone(text, data);
  return r && reading(text, r, data);
}

/** A text's reading labelled as alternatives are: the place that answered ("Seattle, WA") and its population, else the area or country. */
function reading(text: string, r: ResolvedLocation, data: LocationData): PlaceReading {
  const code = codeOf(r),
    covered = r.region !== "unsupported";
  const place = placesNamed(placeKey(text), data)
    .filter(isCovered)
    .sort((a, b) => b.population - a.population)
    .find((p) => {
      const a = placeAnswer(p, text, data);
      return a !== null && codeOf(a) === code;
    });
  if (place && covered) return { name: placeLabel(place), code, population: place.population, covered };
  return {
    name:
      r.region === "us"
        ? r.area.title
        : r.region === "eu" || text.toLowerCase() === r.countryName.toLowerCase()
          ? r.countryName
          : `${text}, ${r.countryName}`,
    code,
    population: null,
    covered,
  };
}

/** A misspelt name read as the one name it is close to (PlaceSpelling.correct), with the next closest as alternatives. */
function corrected(
  text: string,
  input: string,
  data: LocationData,
  scope?: (n: SpellingName) => boolean,
): ResolvedLocation | null {
  const spelt = data.spelling().correct(placeKey(text), scope);
  const r = spelt && resolveAs(spelt.meant.name.label, data, false);
  if (!spelt || !r) return null;
  const alternatives = [...(r.alternatives ?? [])];
  for (const { name } of spelt.alsoClose) {
    if (alternatives.length >= 3) break;
    const o = resolveAs(name.label, data, false);
    if (o && o.region !== "unsupported" && codeOf(o) !== codeOf(r) && !alternatives.some((a) => a.code === codeOf(o)))
      alternatives.push({
        name: name.label,
        code: codeOf(o),
        population: Number.isFinite(name.population) ? name.population : null,
      });
  }
  return { ...r, input, spelling: spelt.meant.name.label, alternatives };
}

// The names a misspelling can be corrected to: the snapshot's notable places and states, and country names in the
// languages titles are matched in. The snapshot build computes them and their trigram index (LocationData.spelling).
const SPELLING_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pl"];
/** The smallest population a place needs to be a correction (the snapshot build reads places from this size). */
export const SPELLING_MIN_POPULATION = 50_000;
const NOTABLE_OUTSIDE = 1_000_000;
/** What the spelling index is built from: the OEWS states and territories, and places (one row per name). */
export interface SpellingInputs {
  states: readonly { title: string; stateCode: string }[];
  places: readonly (PlaceRecord & { id: number })[];
}
/** `officialNames`: a language's official country names by ISO code (country-names-every-language.ts, at build time). */
export function spellingNames(
  data: SpellingInputs,
  officialNames: (lang: string) => Record<string, string>,
): SpellingName[] {
  const countryNames: SpellingName[] = SPELLING_LANGUAGES.flatMap((lang) =>
    Object.entries(officialNames(lang))
      .filter(([iso]) => !US_AND_TERRITORIES.has(iso))
      .map(([iso, n]) => ({
        id: `country:${iso}`,
        key: placeKey(n),
        label: countries.getName(iso, "en") ?? n,
        country: iso,
        admin1: null,
        population: Infinity,
      })),
  );
  const states: SpellingName[] = data.states.map((a) => ({
    id: `state:${a.stateCode}`,
    key: placeKey(a.title),
    label: a.title,
    country: "US",
    admin1: a.stateCode,
    population: Infinity,
  }));
  // U.S. and EU/EEA places of 50,000+ by their Latin-script names, others of 1,000,000+ by their own name only
  // (enough to refuse "Toronot"): more names would double the index for few misspellings.
  const notable = (p: PlaceRecord) => isCovered(p) || (p.population >= NOTABLE_OUTSIDE && placeKey(p.name) === p.key);
  const places: SpellingName[] = data.places
    .filter((p) => p.population >= SPELLING_MIN_POPULATION)
    .filter((p) => /^[a-z0-9 ]+$/.test(p.key) && notable(p))
    .map((p) => ({
      id: `place:${p.id}`,
      key: p.key,
      label: placeLabel(p),
      country: p.country,
      admin1: p.admin1,
      population: p.population,
    }));
  // EU/EEA states, provinces and regions by their ISO 3166-2 names, ranked with states: "Catalonia" is two edits
  // from Catalunya as from Catania, and a region is what it means.
  const regions: SpellingName[] = subdivisionNames(EU_EEA_SET).map((r) => ({
    id: `region:${r.country}:${r.name}`,
    key: placeKey(r.name),
    label: r.name,
    country: r.country,
    admin1: null,
    population: Infinity,
  }));
  return [...places, ...states, ...regions, ...countryNames];
}

/**
 * "Did you mean" for an input nothing resolves: places, states and countries within one edit more than a correction
 * may make (within the state or country the input names after a comma), else metro titles, state and EU/EEA
 * country names alike in trigrams.
 */
export function suggestLocations(input: string, data: LocationData): string[] {
  const raw = input.trim().slice(0, 100); // no place's name is longer
  const comma = /^(.+?),\s*([^,]+)$/.exec(raw);
  const name = comma ? comma[1] : raw;
  const q = comma ? qualifier(comma[2], data, []) : null;
  const key = placeKey(name);
  const near = data
    .spelling()
    .near(key, correctableEdits(key) + 1, q ? inside(q) : undefined)
    .slice(0, 3)
    .map((h) => h.name.label);
  if (near.length) return near;
  let titles = titleIndexes.get(data);
  if (!titles)
    titleIndexes.set(
      data,
      (titles = new TrigramIndex([...data.allTitles(), ...EU_EEA.map((c) => countries.getName(c, "en") ?? c)])),
    );
  return titles
    .search(raw, SUGGESTION_SIMILARITY)
    .slice(0, 3)
    .map((h) => titles.text(h.id));
}
const SUGGESTION_SIMILARITY = 0.3;
const titleIndexes = new WeakMap<LocationData, TrigramIndex>();
