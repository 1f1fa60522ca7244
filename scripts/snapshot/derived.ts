// Tables derived from the loaded datasets by the service's own code, so start-up reads them instead of
// computing them: the occupation title trigram index and the normalised title aliases.
import type { Database } from "bun:sqlite";
import { TitleSearch, occupationTitleRows, packTitleAliases, packTitleIndex } from "../../src/snapshot/repositories/title-search.ts";
import { writePacked } from "../../src/snapshot/packed.ts";
import { TitleMatcher, type TitleRow } from "../../src/domain/title-match.ts";
import { WagesRepository } from "../../src/snapshot/repositories/wages.ts";

export function writeDerivedTables(db: Database): { texts: number; trigrams: number; aliases: number; areas: number } {
  const areas = db.run("INSERT INTO oews_area SELECT DISTINCT year, area_code, area, area_type, area_title, prim_state FROM oews_wage").changes;
  const search = TitleSearch.build(occupationTitleRows(db));
  writePacked(db, "title_index.", packTitleIndex(search));

  const wages = new WagesRepository(db);
  const employment = wages.nationalEmployment(wages.latestYear);
  const titleRows = db.query<TitleRow, []>("SELECT t.soc_code AS socCode, t.title, t.kind FROM onet_title t JOIN onet_occupation USING (soc_code)").all();
  // An O*NET .xx occupation weighs as its 6-digit SOC code, or its broad group where only that is published.
  const matcher = TitleMatcher.build(titleRows, search, (soc) => employment.get(soc.slice(0, 7)) ?? employment.get(`${soc.slice(0, 6)}0`) ?? 0);
  const aliases = matcher.aliasEntries();
  writePacked(db, "title_alias.", packTitleAliases(aliases));
  return { texts: search.index.texts.length, trigrams: search.index.built().postings.size, aliases: aliases.length, areas };
}
