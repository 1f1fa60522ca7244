// Tables derived from the loaded datasets by the service's own code, so start-up reads them instead of
// computing them: the occupation title trigram index (E15 search), the title lexicon (title matching) and the
// place spelling index (location resolution).
import type { Database } from "bun:sqlite";
import { TitleSearch, occupationTitleRows, packTitleIndex } from "../../src/snapshot/repositories/title-search.ts";
import { lexiconInputs, packLexicon } from "../../src/snapshot/repositories/title-lexicon.ts";
import { writePacked } from "../../src/snapshot/packed.ts";
import { buildLexicon } from "../../src/domain/title/lexicon.ts";
import { LocationsRepository } from "../../src/snapshot/repositories/locations.ts";
import { packPlaceSpelling } from "../../src/snapshot/repositories/place-spelling.ts";
import { spellingNames } from "../../src/domain/location.ts";
import { PlaceSpelling } from "../../src/domain/place/spelling.ts";
import { oewsCodeMap, type OewsVintage } from "../../src/domain/oews-codes.ts";

export function writeDerivedTables(db: Database): { texts: number; trigrams: number; labels: number; entries: number; areas: number; codeMappings: number } {
  const areas = db.run("INSERT INTO oews_area SELECT DISTINCT year, area_code, area, area_type, area_title, prim_state FROM oews_wage").changes;
  // Before the lexicon: it weighs occupations by the employment of the code OEWS publishes them under.
  const codeMappings = writeOewsCodeMap(db);
  const search = TitleSearch.build(occupationTitleRows(db));
  writePacked(db, "title_index.", packTitleIndex(search));
  const inputs = lexiconInputs(db);
  const lexicon = buildLexicon(inputs.concepts, inputs.labels);
  writePacked(db, "title_lexicon.", packLexicon(lexicon));
  db.run(`INSERT INTO county_population SELECT county_fips, SUM(population) FROM
    (SELECT DISTINCT geoname_id, county_fips, population FROM place_name WHERE country = 'US' AND county_fips IS NOT NULL) GROUP BY county_fips`);
  const latest = db.query<{ year: number }, []>("SELECT MAX(year) AS year FROM oews_area").get()!.year;
  writePacked(db, "place_spelling.", packPlaceSpelling(new PlaceSpelling(spellingNames(new LocationsRepository(db, latest)))));
  return { codeMappings, texts: search.index.texts.length, trigrams: search.index.built().postings.size, labels: lexicon.labels.length, entries: lexicon.entryConcept.length, areas };
}

/** oews_code_map from oews_wage and soc_2018 (src/domain/oews-codes.ts); throws AmbiguousAggregateError rather than guess. */
export function writeOewsCodeMap(db: Database): number {
  const soc = db.query<{ code: string; level: string }, []>("SELECT code, level FROM soc_2018").all();
  const vintages = new Map<number, Map<string, string>>();
  for (const r of db.query<{ year: number; occ_code: string; occ_title: string }, []>("SELECT DISTINCT year, occ_code, occ_title FROM oews_wage ORDER BY year, occ_code").all()) {
    if (!vintages.has(r.year)) vintages.set(r.year, new Map());
    vintages.get(r.year)!.set(r.occ_code, r.occ_title);
  }
  const mapping = oewsCodeMap({ codes: new Set(soc.map((r) => r.code)), detailed: soc.filter((r) => r.level === "detailed").map((r) => r.code) },
    [...vintages].map(([year, titles]): OewsVintage => ({ year, titles })));
  const insert = db.prepare("INSERT INTO oews_code_map (year, soc_code, oews_code, basis) VALUES (?, ?, ?, ?)");
  for (const m of mapping) insert.run(m.year, m.soc, m.code, m.basis);
  return mapping.length;
}
