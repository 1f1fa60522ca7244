// Trigram search over named things: occupations by every O*NET title they are known by (title, alternate,
// short and reported titles), skills by name. The index is built once at start-up.
import type { Database } from "bun:sqlite";
import { TrigramIndex, rankByBestText, type RankedKey } from "../../domain/trigram-index.ts";

export interface TitleMatch extends RankedKey<string> { matchedText: string }

export class TitleSearch {
  /** rows: (owner key, text). Identical texts are indexed once; texts are sorted, so ids are stable. */
  static build(rows: readonly { key: string; text: string }[]): TitleSearch {
    const ownersByText = new Map<string, Set<string>>();
    for (const { key, text } of rows) {
      let set = ownersByText.get(text);
      if (!set) ownersByText.set(text, (set = new Set()));
      set.add(key);
    }
    const texts = [...ownersByText.keys()].sort();
    return new TitleSearch(new TrigramIndex(texts), texts.map((t) => [...ownersByText.get(t)!].sort()));
  }

  constructor(readonly index: TrigramIndex, private readonly owners: string[][]) {}

  /** The keys (SOC codes, skill ids) a text belongs to, in code order. */
  ownersOf(textId: number): readonly string[] {
    return this.owners[textId];
  }

  search(query: string, threshold?: number): TitleMatch[] {
    return rankByBestText(this.index.search(query, threshold), (id) => this.owners[id]).map((r) => ({ ...r, matchedText: this.index.texts[r.textId] }));
  }
}

/** Every title an occupation is known by (O*NET title, alternate, short, reported), as the index's input. */
export const occupationTitleRows = (db: Database) =>
  db.query<{ key: string; text: string }, []>("SELECT t.soc_code AS key, t.title AS text FROM onet_title t JOIN onet_occupation o USING (soc_code)").all();

/** The occupation title index the snapshot build stored (search_text, search_posting), restored without rebuilding. */
export function occupationTitleSearch(db: Database): TitleSearch {
  const texts = db.query<{ text: string; size: number; owners: string }, []>("SELECT text, size, owners FROM search_text ORDER BY id").all();
  const postings = new Map<string, Int32Array>();
  for (const p of db.query<{ trigram: string; ids: Uint8Array }, []>("SELECT trigram, ids FROM search_posting").all()) {
    postings.set(p.trigram, new Int32Array(p.ids.buffer.slice(p.ids.byteOffset, p.ids.byteOffset + p.ids.byteLength)));
  }
  const index = new TrigramIndex(texts.map((t) => t.text), { sizes: Uint16Array.from(texts, (t) => t.size), postings });
  return new TitleSearch(index, texts.map((t) => t.owners.split(",")));
}
