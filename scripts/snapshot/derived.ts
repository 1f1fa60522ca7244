// Tables derived from the loaded datasets by the service's own code, so start-up reads them instead of
// computing them: the occupation title and technology name trigram indexes (E15, technology search), the title
// lexicon (title matching) and the place spelling index (location resolution). Each reads the loaded tables through
// its own input function (`*Rows`, `*Inputs`, beside the code that packs and restores it), never through a run-time
// repository, which would read derived tables this step has not written yet.
import type { Database } from "bun:sqlite";
import {
  TitleSearch,
  occupationTitleRows,
  technologyNameRows,
  packTitleIndex,
  TITLE_INDEX,
  TECHNOLOGY_INDEX,
} from "../../src/snapshot/repositories/title-search.ts";
import { lexiconInputs, packLexicon } from "../../src/snapshot/repositories/title-lexicon.ts";
import { packStrings, packTexts, writePacked } from "../../src/snapshot/packed.ts";
import { rankerTrainingTitles, readHeadlines, writeTitleRanker } from "./title-ranker.ts";
import { cachedFit, type RankerCache } from "./ranker-cache.ts";
import { trainRanker } from "../../src/domain/title/train-ranker.ts";
import { TitleMatcher } from "../../src/domain/title/match.ts";
import { buildLexicon } from "../../src/domain/title/lexicon.ts";
import { packPlaceSpelling, spellingInputs } from "../../src/snapshot/repositories/place-spelling.ts";
import { spellingNames } from "../../src/domain/location.ts";
import { COUNTRY_NAME_KEY } from "../../src/snapshot/repositories/country-names.ts";
import { countryNameKeys, officialCountryNames } from "../../src/domain/country-names-every-language.ts";
import { PlaceSpelling } from "../../src/domain/place/spelling.ts";
import { oewsCodeMap, type OewsVintage } from "../../src/domain/oews-codes.ts";
import { OPTIONAL_FIGURES } from "../../src/domain/oews-figures.ts";
import { socRevisions, trendSources, type RevisionInputs } from "../../src/domain/soc-revision.ts";

export function writeDerivedTables(
  db: Database,
  rankerCache?: RankerCache,
): {
  texts: number;
  trigrams: number;
  labels: number;
  entries: number;
  areas: number;
  codeMappings: number;
  rankerReusedFrom: string | null;
} {
  const areas = db.run(
    "INSERT INTO oews_area SELECT DISTINCT year, area_code, area, area_type, area_title, prim_state FROM oews_wage",
  ).changes;
  // Figures a vintage publishes for no area of a type: a column with no value in any of the type's rows.
  for (const figure of OPTIONAL_FIGURES)
    db.run(
      `INSERT INTO oews_missing_figure SELECT year, area_type, '${figure}' FROM oews_wage GROUP BY year, area_type HAVING count(${figure}) = 0`,
    );
  // Before the lexicon: it weighs occupations by the employment of the code OEWS publishes them under.
  const codeMappings = writeOewsCodeMap(db);
  writeSocRevision(db);
  const search = TitleSearch.build(occupationTitleRows(db));
  writePacked(db, TITLE_INDEX, packTitleIndex(search));
  writePacked(db, TECHNOLOGY_INDEX, packTitleIndex(TitleSearch.build(technologyNameRows(db))));
  writeHeadlineLabels(db);
  const inputs = lexiconInputs(db);
  const lexicon = buildLexicon(inputs.concepts, inputs.labels);
  const packedLexicon = packLexicon(lexicon);
  writePacked(db, "title_lexicon.", packedLexicon);
  const titles = rankerTrainingTitles(db);
  const ranker = cachedFit(rankerCache, { lexicon: packedLexicon, titles, options: {} }, () =>
    trainRanker(new TitleMatcher(lexicon), titles),
  );
  writeTitleRanker(db, ranker.model);
  db.run(`INSERT INTO county_population SELECT county_fips, SUM(population) FROM
    (SELECT DISTINCT geoname_id, county_fips, population FROM place_name WHERE country = 'US' AND county_fips IS NOT NULL) GROUP BY county_fips`);
  const spelling = new PlaceSpelling(spellingNames(spellingInputs(db), officialCountryNames));
  writePacked(db, "place_spelling.", packPlaceSpelling(spelling));
  const countryNames = countryNameKeys();
  writePacked(db, COUNTRY_NAME_KEY, {
    ...packTexts(
      "keys",
      countryNames.map((n) => n.key),
    ),
    codes: packStrings(countryNames.map((n) => n.iso2)),
  });
  return {
    codeMappings,
    texts: search.index.texts.length,
    trigrams: search.index.built().postings.size,
    labels: lexicon.labels.length,
    entries: lexicon.entryConcept.length,
    areas,
    rankerReusedFrom: ranker.reused,
  };
}

/**
 * job_ad_headline: the dev parts of our ISCO-coded job-ad headlines (data/headlines), labels of the lexicon as the
 * employers' filed titles are on the U.S. path. Their test parts stay out, so `npm run eval:titles` judges on unseen ones.
 */
export function writeHeadlineLabels(db: Database): number {
  const insert = db.prepare("INSERT INTO job_ad_headline (title, lang, country, isco) VALUES (?, ?, ?, ?)");
  const dev = readHeadlines().filter((h) => h.split === "dev" && h.target === "isco");
  for (const h of dev) insert.run(h.title, h.lang, h.country, h.code);
  return dev.length;
}

/** oews_code_map from oews_wage and soc_2018 (src/domain/oews-codes.ts); throws AmbiguousAggregateError rather than guess. */
export function writeOewsCodeMap(db: Database): number {
  const soc = db.query<{ code: string; level: string }, []>("SELECT code, level FROM soc_2018").all();
  const vintages = new Map<number, Map<string, string>>();
  for (const r of db
    .query<{ year: number; occ_code: string; occ_title: string }, []>(
      "SELECT DISTINCT year, occ_code, occ_title FROM oews_wage ORDER BY year, occ_code",
    )
    .all()) {
    if (!vintages.has(r.year)) vintages.set(r.year, new Map());
    vintages.get(r.year)!.set(r.occ_code, r.occ_title);
  }
  const mapping = oewsCodeMap(
    {
      codes: new Set(soc.map((r) => r.code)),
      detailed: soc.filter((r) => r.level === "detailed").map((r) => r.code),
      crosswalk: socCrosswalk(db),
    },
    [...vintages].map(([year, titles]): OewsVintage => ({ year, titles })),
  );
  const insert = db.prepare("INSERT INTO oews_code_map (year, soc_code, oews_code, basis) VALUES (?, ?, ?, ?)");
  for (const m of mapping) insert.run(m.year, m.soc, m.code, m.basis);
  return mapping.length;
}

/** soc_revision and oews_trend_source from the crosswalk, the SOC 2018 structure and the national OEWS rows (src/domain/soc-revision.ts). */
export function writeSocRevision(db: Database): { revisions: number; sources: number } {
  const pairs = socCrosswalk(db);
  const detailed = new Map(
    db
      .query<{ code: string; title: string }, []>("SELECT code, title FROM soc_2018 WHERE level = 'detailed'")
      .all()
      .map((r) => [r.code, r.title]),
  );
  const vintages = new Map<number, Map<string, string>>();
  const employment = new Map<string, number>();
  for (const r of db
    .query<{ year: number; occ_code: string; occ_title: string; tot_emp: number | null }, []>(
      "SELECT year, occ_code, occ_title, tot_emp FROM oews_wage WHERE area_code = '0000000' ORDER BY year, occ_code",
    )
    .all()) {
    if (!vintages.has(r.year)) vintages.set(r.year, new Map());
    vintages.get(r.year)!.set(r.occ_code, r.occ_title);
    if (r.tot_emp !== null) employment.set(`${r.year}|${r.occ_code}`, r.tot_emp);
  }
  const input: RevisionInputs = {
    pairs,
    detailed,
    vintages: [...vintages].map(([year, titles]) => ({ year, titles })),
    employment: (y, c) => employment.get(`${y}|${c}`) ?? null,
  };
  const revisions = socRevisions(input);
  const insertRevision = db.prepare(
    "INSERT INTO soc_revision (soc_code, relation, soc2010_codes, employment_ratio) VALUES (?, ?, ?, ?)",
  );
  for (const r of revisions) insertRevision.run(r.soc, r.relation, r.from.join(","), r.employmentRatio);
  const sources = trendSources(input, revisions);
  const insertSource = db.prepare(
    "INSERT INTO oews_trend_source (year, soc_code, oews_code, basis) VALUES (?, ?, ?, ?)",
  );
  for (const t of sources) for (const code of t.codes) insertSource.run(t.year, t.soc, code, t.basis);
  return { revisions: revisions.length, sources: sources.length };
}

/**
 * The O*NET-SOC 2010 → 2019 crosswalk at the 6-digit level. SOC 2010 "codes" ending in 0 are O*NET occupations kept
 * at the broad level (19-1020.01 Biologists); OEWS publishes their people under a detailed code, so they are left out.
 */
function socCrosswalk(db: Database): { soc2010: string; soc2018: string }[] {
  return db
    .query<{ soc2010: string; soc2018: string }, []>(
      "SELECT DISTINCT substr(soc2010_code, 1, 7) AS soc2010, substr(soc2019_code, 1, 7) AS soc2018 FROM onet_soc_2010_2019 WHERE substr(soc2010_code, 7, 1) != '0'",
    )
    .all();
}
