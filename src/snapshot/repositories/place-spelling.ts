// The spelling index of the location resolver (domain/place/spelling.ts), computed by the snapshot build from
// spellingNames and stored packed (derived rows place_spelling.*), so the first misspelt request restores it
// instead of building 21,000 names' trigrams.
import type { Database } from "bun:sqlite";
import { PlaceSpelling, type SpellingName } from "../../domain/place/spelling.ts";
import { SPELLING_MIN_POPULATION, type SpellingInputs } from "../../domain/location.ts";
import { bytesOf, packStrings, readPacked, typedFrom, unpackStrings } from "../packed.ts";
import { packTrigramIndex, restoreTrigramIndex } from "./title-search.ts";

const COLUMNS = ["id", "key", "label", "country", "admin1"] as const;
/** States and countries rank above every place (population Infinity); stored as −1. */
const ABOVE_PLACES = -1;

/** The build's input (spellingNames): the latest OEWS year's states and territories, and places of note. */
export function spellingInputs(db: Database): SpellingInputs {
  const states = db
    .query<{ title: string; stateCode: string }, []>(
      `SELECT area_title AS title, prim_state AS stateCode FROM oews_area
       WHERE year = (SELECT MAX(year) FROM oews_area) AND area_type IN (2, 3) AND prim_state IS NOT NULL`,
    )
    .all();
  const places = db
    .query<SpellingInputs["places"][number], [number]>(
      "SELECT name_key AS key, geoname_id AS id, name, country, admin1, county_fips AS countyFips, population FROM place_name WHERE population >= ?",
    )
    .all(SPELLING_MIN_POPULATION);
  return { states, places };
}

export function packPlaceSpelling(speller: PlaceSpelling): Record<string, string | Uint8Array> {
  const names = speller.all;
  return {
    ...Object.fromEntries(COLUMNS.map((c) => [`name_${c}`, packStrings(names.map((n) => n[c] ?? ""))])),
    name_population: bytesOf(
      Int32Array.from(names, (n) => (Number.isFinite(n.population) ? n.population : ABOVE_PLACES)),
    ),
    ...packTrigramIndex(speller.trigramIndex),
  };
}

export function storedPlaceSpelling(db: Database): PlaceSpelling {
  const p = readPacked(db, "place_spelling.");
  const [id, key, label, country, admin1] = COLUMNS.map((c) => unpackStrings(p.get(`name_${c}`) as string));
  const population = typedFrom(p.get("name_population") as Uint8Array, Int32Array);
  const names: SpellingName[] = id.map((_, i) => ({
    id: id[i],
    key: key[i],
    label: label[i],
    country: country[i] || null,
    admin1: admin1[i] || null,
    population: population[i] === ABOVE_PLACES ? Infinity : population[i],
  }));
  return new PlaceSpelling(names, restoreTrigramIndex(PlaceSpelling.keysOf(names), p));
}
