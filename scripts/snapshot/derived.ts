// Tables derived from the loaded datasets by the service's own code, so start-up reads them instead of
// computing them: the occupation title trigram index (E15 search) and the title lexicon (title matching).
import type { Database } from "bun:sqlite";
import { TitleSearch, occupationTitleRows, packTitleIndex } from "../../src/snapshot/repositories/title-search.ts";
import { lexiconInputs, packLexicon } from "../../src/snapshot/repositories/title-lexicon.ts";
import { writePacked } from "../../src/snapshot/packed.ts";
import { buildLexicon } from "../../src/domain/title/lexicon.ts";

export function writeDerivedTables(db: Database): { texts: number; trigrams: number; labels: number; entries: number; areas: number } {
  const areas = db.run("INSERT INTO oews_area SELECT DISTINCT year, area_code, area, area_type, area_title, prim_state FROM oews_wage").changes;
  const search = TitleSearch.build(occupationTitleRows(db));
  writePacked(db, "title_index.", packTitleIndex(search));
  const inputs = lexiconInputs(db);
  const lexicon = buildLexicon(inputs.concepts, inputs.labels);
  writePacked(db, "title_lexicon.", packLexicon(lexicon));
  return { texts: search.index.texts.length, trigrams: search.index.built().postings.size, labels: lexicon.labels.length, entries: lexicon.entryConcept.length, areas };
}
