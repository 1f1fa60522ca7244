// Trigram search over named things: occupations by every O*NET title they are known by (title, alternate,
// short and reported titles), skills by name. The index is built once at start-up.
import type { Database } from "bun:sqlite";
import { TrigramIndex, rankByBestText, type RankedKey } from "../../domain/trigram-index.ts";

export interface TitleMatch extends RankedKey<string> { matchedText: string }

export class TitleSearch {
  readonly index: TrigramIndex;
  private readonly owners: string[][];

  /** rows: (owner key, text). Identical texts are indexed once; texts are sorted, so ids are stable. */
  constructor(rows: readonly { key: string; text: string }[]) {
    const ownersByText = new Map<string, Set<string>>();
    for (const { key, text } of rows) {
      let set = ownersByText.get(text);
      if (!set) ownersByText.set(text, (set = new Set()));
      set.add(key);
    }
    const texts = [...ownersByText.keys()].sort();
    this.owners = texts.map((t) => [...ownersByText.get(t)!].sort());
    this.index = new TrigramIndex(texts);
  }

  /** The keys (SOC codes, skill ids) a text belongs to, in code order. */
  ownersOf(textId: number): readonly string[] {
    return this.owners[textId];
  }

  search(query: string, threshold?: number): TitleMatch[] {
    return rankByBestText(this.index.search(query, threshold), (id) => this.owners[id]).map((r) => ({ ...r, matchedText: this.index.texts[r.textId] }));
  }
}

export const occupationTitleSearch = (db: Database) =>
  new TitleSearch(db.query<{ key: string; text: string }, []>("SELECT t.soc_code AS key, t.title AS text FROM onet_title t JOIN onet_occupation o USING (soc_code)").all());
