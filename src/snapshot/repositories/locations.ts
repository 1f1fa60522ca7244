// The places the location resolver knows: OEWS areas of the latest vintage, their counties and principal cities
// (Census CBSA lists 1 and 2), U.S. states, GeoNames places and ZIP codes, and the alias table.
import type { Database } from "bun:sqlite";
import type {
  CountyRecord,
  LocationData,
  PlaceRecord,
  ResolvedLocation,
  UsArea,
  UsAreaKind,
  ZipRecord,
} from "../../domain/location.ts";
import { placeKey } from "../../domain/place/place-key.ts";
import type { PlaceSpelling } from "../../domain/place/spelling.ts";
import { storedPlaceSpelling } from "./place-spelling.ts";
import { storedCountryNames } from "./country-names.ts";
import { AREA_TYPES } from "../../domain/bls-area.ts";
import { Lru } from "../../domain/lru.ts";

/**
 * The names a Census principal city answers to: "Athens-Clarke County unified government (balance)" is also
 * "Athens-Clarke County" and "Athens"; "Nashville-Davidson metropolitan government (balance)" also "Nashville".
 */
export function principalCityNames(census: string): string[] {
  const base = census
    .toLowerCase()
    .replace(/\s*\(balance\)$/, "")
    .replace(/\s+(unified|metropolitan|consolidated|metro) government$/, "");
  return [...new Set([census.toLowerCase(), base, base.split("-")[0]])];
}

export class LocationsRepository implements LocationData {
  private readonly areas = new Map<string, UsArea>();
  private readonly statesByName = new Map<string, UsArea>();
  private readonly statesByCode = new Map<string, UsArea>();
  private readonly msasByTitle = new Map<string, UsArea>();
  /** "austin|TX" → MSA; "austin" → every MSA with a principal city of that name. */
  private readonly principal = new Map<string, UsArea[]>();
  /** County FIPS (5 digits) → the area a place there answers with. */
  private readonly countyArea = new Map<string, UsArea>();
  private readonly nonmetroByState = new Map<string, UsArea[]>();
  private readonly aliases = new Map<string, UsArea>();
  /** State FIPS (2 digits) → USPS code. */
  private readonly fipsToState = new Map<string, string>();
  private readonly places;
  private readonly zips;

  constructor(
    private readonly db: Database,
    year: number,
  ) {
    const rows = db
      .query<
        { area_code: string; area: string; area_type: number; area_title: string; prim_state: string | null },
        [number]
      >("SELECT area_code, area, area_type, area_title, prim_state FROM oews_area WHERE year = ?")
      .all(year);
    const heads = new Map<string, UsArea>();
    const headCount = new Map<string, number>();
    for (const r of rows) {
      const kind = AREA_TYPES[r.area_type] as UsAreaKind;
      const area: UsArea = {
        areaCode: r.area_code,
        title: r.area_title,
        kind,
        stateCode: kind === "state" || kind === "territory" ? r.prim_state : null,
        cbsa: kind === "msa" ? r.area.padStart(5, "0") : null,
      };
      this.areas.set(r.area_code, area);
      if (kind === "nonmetro" && r.prim_state)
        this.nonmetroByState.set(r.prim_state, [...(this.nonmetroByState.get(r.prim_state) ?? []), area]);
      if (kind === "state" || kind === "territory") {
        this.statesByName.set(r.area_title.toLowerCase(), area);
        if (r.prim_state) {
          this.statesByCode.set(r.prim_state, area);
          this.fipsToState.set(r.area.padStart(2, "0"), r.prim_state);
        }
      }
      if (kind === "msa") {
        this.msasByTitle.set(r.area_title.toLowerCase(), area);
        const head = r.area_title.split(",")[0].toLowerCase();
        headCount.set(head, (headCount.get(head) ?? 0) + 1);
        heads.set(head, area);
      }
    }
    // "Austin-Round Rock-San Marcos" alone names its MSA; "Springfield" (four MSAs) does not.
    for (const [head, area] of heads)
      if (headCount.get(head) === 1 && !this.msasByTitle.has(head)) this.msasByTitle.set(head, area);
    for (const c of db
      .query<{ cbsa_code: string; city: string; state_fips: string }, []>(
        "SELECT cbsa_code, city, state_fips FROM cbsa_principal_city",
      )
      .all()) {
      const msa = this.areas.get(`00${c.cbsa_code}`);
      if (!msa) continue; // a micropolitan area: OEWS publishes no wages for it
      for (const name of principalCityNames(c.city)) {
        for (const key of [`${name}|${this.fipsToState.get(c.state_fips)}`, name]) {
          const list = this.principal.get(key) ?? [];
          if (!list.includes(msa)) list.push(msa);
          this.principal.set(key, list);
        }
      }
    }
    for (const c of db
      .query<{ cbsa_code: string; area_type: string; state_fips: string; county_fips: string }, []>(
        "SELECT cbsa_code, area_type, state_fips, county_fips FROM cbsa_county",
      )
      .all()) {
      const msa = this.areas.get(`00${c.cbsa_code}`);
      if (msa) this.countyArea.set(c.state_fips + c.county_fips, msa);
    }
    for (const a of db
      .query<{ alias_key: string; cbsa_code: string }, []>("SELECT alias_key, cbsa_code FROM place_alias")
      .all()) {
      const msa = this.areas.get(`00${a.cbsa_code}`);
      if (msa) this.aliases.set(a.alias_key, msa);
    }
    this.places = db.query<PlaceRecord, [string]>(
      "SELECT name_key AS key, name, country, admin1, county_fips AS countyFips, population FROM place_name WHERE name_key = ?",
    );
    this.zips = db.query<ZipRecord, [string]>(
      "SELECT zip, place, state, county_fips AS countyFips FROM zip_code WHERE zip = ?",
    );
  }

  area = (code: string) => this.areas.get(code) ?? null;
  stateByName = (name: string) => this.statesByName.get(name.toLowerCase()) ?? null;
  stateByCode = (code: string) => this.statesByCode.get(code) ?? null;
  msaByTitle = (title: string) => this.msasByTitle.get(title.toLowerCase()) ?? null;
  // A request probes a few names (the place, its variants, "<name> city"); the same names recur across requests.
  private readonly placesMemo = new Lru<string, readonly PlaceRecord[]>(1024);
  placesNamed = (key: string) =>
    this.placesMemo.get(key, () => Object.freeze(this.places.all(key).map((p) => Object.freeze(p))));
  zip = (zip: string) => this.zips.get(zip) ?? null;
  // Clients repeat their locations, and a resolution reads tens of names: it is kept whole, its top level frozen as
  // answers share it (callers read it, never alter it); an input longer than any place's name is resolved afresh, so
  // the memo stays small whatever clients send.
  private readonly resolvedMemo = new Lru<string, ResolvedLocation | null>(4096);
  remembered = (input: string, resolve: () => ResolvedLocation | null) =>
    input.length > 200
      ? resolve()
      : this.resolvedMemo.get(input, () => {
          const resolved = resolve();
          return resolved && Object.freeze(resolved);
        });
  alias = (key: string) => this.aliases.get(key) ?? null;

  areaForCounty(countyFips: string): UsArea | null {
    const metro = this.countyArea.get(countyFips);
    if (metro) return metro;
    const state = this.fipsToState.get(countyFips.slice(0, 2));
    if (!state) return null;
    const nonmetro = this.nonmetroByState.get(state) ?? [];
    return nonmetro.length === 1 ? nonmetro[0] : (this.statesByCode.get(state) ?? null);
  }
  private countryNames: ((key: string) => string | null) | null = null;
  countryNamed = (key: string) => (this.countryNames ??= storedCountryNames(this.db))(key);
  private speller: PlaceSpelling | null = null;
  spelling = () => (this.speller ??= storedPlaceSpelling(this.db));
  private counties: Map<string, CountyRecord[]> | null = null;
  /** Built on first use: CBSA counties by folded name, most populous first (county_population). */
  countiesNamed(key: string): CountyRecord[] {
    if (!this.counties) {
      this.counties = new Map();
      for (const c of this.db
        .query<{ county: string; state_fips: string; fips: string; population: number | null }, []>(
          "SELECT c.county, c.state_fips, c.state_fips || c.county_fips AS fips, p.population FROM cbsa_county c LEFT JOIN county_population p ON p.county_fips = c.state_fips || c.county_fips ORDER BY p.population DESC",
        )
        .all()) {
        const state = this.fipsToState.get(c.state_fips);
        if (!state) continue;
        const key = placeKey(c.county);
        const list = this.counties.get(key) ?? [];
        list.push({ name: c.county, state, countyFips: c.fips, population: c.population ?? 0 });
        this.counties.set(key, list);
      }
    }
    return this.counties.get(key) ?? [];
  }
  allTitles = () => [...this.statesByName.values(), ...new Set(this.msasByTitle.values())].map((a) => a.title);

  /** The MSA a city is a principal city of; with no state given, only when the name is unambiguous. */
  msaByPrincipalCity(city: string, stateCode: string | null): UsArea | null {
    const list = this.principal.get(stateCode ? `${city.toLowerCase()}|${stateCode}` : city.toLowerCase()) ?? [];
    return list.length === 1 || (stateCode && list.length) ? list[0] : null;
  }
}
