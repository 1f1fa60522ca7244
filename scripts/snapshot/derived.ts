// Tables derived from the loaded datasets by the service's own code, so start-up reads them instead of
// computing them: the occupation title trigram index and the normalised title aliases.
import type { Database } from "bun:sqlite";
import { TitleSearch, occupationTitleRows } from "../../src/snapshot/repositories/title-search.ts";
import { TitleMatcher, type TitleRow } from "../../src/domain/title-match.ts";
import { WagesRepository } from "../../src/snapshot/repositories/wages.ts";
import { insertRows } from "./context.ts";

export function writeDerivedTables(db: Database): { texts: number; trigrams: number; aliases: number; areas: number } {
  const areas = db.run("INSERT INTO oews_area SELECT DISTINCT year, area_code, area, area_type, area_title, prim_state FROM oews_wage").changes;
  const search = TitleSearch.build(occupationTitleRows(db));
  const { sizes, postings } = search.index.built();
  const texts = insertRows(db, "search_text", ["id", "text", "size", "owners"],
    search.index.texts.map((text, id) => [id, text, sizes[id], search.ownersOf(id).join(",")]));
  const trigrams = insertRows(db, "search_posting", ["trigram", "ids"],
    [...postings].map(([t, ids]) => [t, new Uint8Array(ids.buffer, ids.byteOffset, ids.byteLength)]));

  const wages = new WagesRepository(db);
  const employment = wages.nationalEmployment(wages.latestYear);
  const titleRows = db.query<TitleRow, []>("SELECT t.soc_code AS socCode, t.title, t.kind FROM onet_title t JOIN onet_occupation USING (soc_code)").all();
  // An O*NET .xx occupation weighs as its 6-digit SOC code, or its broad group where only that is published.
  const matcher = TitleMatcher.build(titleRows, search, (soc) => employment.get(soc.slice(0, 7)) ?? employment.get(`${soc.slice(0, 6)}0`) ?? 0);
  const aliases = insertRows(db, "title_alias", ["key", "soc_code", "title"], matcher.aliasEntries().map(([k, a]) => [k, a.socCode, a.title]));
  return { texts, trigrams, aliases, areas };
}
