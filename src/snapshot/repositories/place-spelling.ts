// The spelling index of the location resolver (domain/place/spelling.ts), computed by the snapshot build from
// spellingNames and stored packed (derived rows place_spelling.*), so the first misspelt request restores it
// instead of building 21,000 names' trigrams.
import type { Database } from "bun:sqlite";
import { PlaceSpelling, type SpellingTable } from "../../domain/place/spelling.ts";
import { SPELLING_MIN_POPULATION, type SpellingInputs } from "../../domain/location.ts";
import { bytesOf, packTexts, readPacked, storedTexts, typedFrom } from "../packed.ts";
import { packTrigramIndex, restoreTrigramIndex } from "./title-search.ts";

const TEXT_COLUMNS = ["id", "key", "label", "country", "admin1"] as const;
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
  const t = speller.table;
  return {
    ...Object.fromEntries(TEXT_COLUMNS.flatMap((c) => Object.entries(packTexts(`name_${c}`, t[c])))),
    name_population: bytesOf(Int32Array.from(t.population, (p) => (Number.isFinite(p) ? p : ABOVE_PLACES))),
    ...packTexts("keys", t.keys),
    key_ends: bytesOf(t.keyEnds),
    key_names: bytesOf(t.keyNames),
    ...packTrigramIndex(speller.trigramIndex),
  };
}

/** The spelling index as stored: its columns stay packed (no object or string per name until one is asked for). */
export function storedPlaceSpelling(db: Database): PlaceSpelling {
  const p = readPacked(db, "place_spelling.");
  const text = (c: (typeof TEXT_COLUMNS)[number]) => storedTexts(p, `name_${c}`);
  const population = typedFrom(p.get("name_population") as Uint8Array, Int32Array);
  const keys = storedTexts(p, "keys");
  const table: SpellingTable = {
    id: text("id"),
    key: text("key"),
    label: text("label"),
    country: text("country"),
    admin1: text("admin1"),
    population: Float64Array.from(population, (n) => (n === ABOVE_PLACES ? Infinity : n)),
    keys,
    keyEnds: typedFrom(p.get("key_ends") as Uint8Array, Int32Array),
    keyNames: typedFrom(p.get("key_names") as Uint8Array, Int32Array),
  };
  return new PlaceSpelling(table, restoreTrigramIndex(keys, p));
}
