// One-off: the matcher as it was before issue 12 (O*NET titles only, English rules), on the evaluation sets.
import { Database } from "bun:sqlite";
import { buildEvalSets, onetRowKey } from "./title-sets.ts";
import { scoreSet, scoreTable } from "./score.ts";
import { TitleSearch } from "../../src/snapshot/repositories/title-search.ts";
import { TitleMatcher, type TitleRow } from "../../src/domain/title-match.ts";
import { WagesRepository } from "../../src/snapshot/repositories/wages.ts";
import { IscoRepository } from "../../src/snapshot/repositories/isco.ts";

const db = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
const { sets, heldOutRows } = buildEvalSets(db);
const rows = db.query<TitleRow, []>("SELECT t.soc_code AS socCode, t.title, t.kind FROM onet_title t JOIN onet_occupation USING (soc_code)").all()
  .filter((r) => !heldOutRows.has(onetRowKey(r.socCode, r.title, r.kind)));
const search = TitleSearch.build(rows.map((r) => ({ key: r.socCode, text: r.title })));
const wages = new WagesRepository(db);
const employment = wages.nationalEmployment(wages.latestYear);
const matcher = TitleMatcher.build(rows, search, (soc) => employment.get(soc.slice(0, 7)) ?? employment.get(`${soc.slice(0, 6)}0`) ?? 0);
const isco = new IscoRepository(db);
const scores = sets.map((set) => scoreSet(set, (item) => {
  const m = matcher.match(item.title);
  return m ? { soc: m.socCode.slice(0, 7), isco: isco.forOccupation(m.socCode)?.unit ?? null, confidence: 1 } : null;
}, 0));
console.log(scoreTable(scores));
