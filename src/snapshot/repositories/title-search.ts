// Trigram search over named things: occupations by every O*NET title they are known by (title, alternate,
// short and reported titles), skills by name. The index is built once at start-up.
import type { Database } from "bun:sqlite";
import { TrigramIndex, rankByBestText, type RankedKey } from "../../domain/trigram-index.ts";
import { bytesOf, packStrings, packTexts, readPacked, storedTexts, typedFrom, unpackStrings } from "../packed.ts";
import type { TextList } from "../../domain/packed-texts.ts";

export interface TitleMatch extends RankedKey<string> {
  matchedText: string;
}

/**
 * What joins a text's owner keys (U+001E, record separator): a key can hold a comma (the technology index's keys are
 * the names themselves: "Adxstudio, for Microsoft").
 */
const OWNER_SEPARATOR = "\x1e";

export class TitleSearch {
  /** rows: (owner key, text). Identical texts are indexed once; texts are sorted, so ids are stable. */
  static build(rows: readonly { key: string; text: string }[]): TitleSearch {
    const ownersByText = new Map<string, Set<string>>();
    for (const { key, text } of rows) {
      if (key.includes(OWNER_SEPARATOR)) throw new Error(`an owner key holds U+001E: ${JSON.stringify(key)}`);
      let set = ownersByText.get(text);
      if (!set) ownersByText.set(text, (set = new Set()));
      set.add(key);
    }
    const texts = [...ownersByText.keys()].sort();
    return new TitleSearch(
      new TrigramIndex(texts),
      texts.map((t) => [...ownersByText.get(t)!].sort().join(OWNER_SEPARATOR)),
    );
  }

  private readonly ownerLists: (string[] | undefined)[] = [];
  /** owners: each text's keys, joined by OWNER_SEPARATOR (split when first asked for: start-up need not split 50,000). */
  constructor(
    readonly index: TrigramIndex,
    private readonly owners: TextList,
  ) {}

  /** The keys (SOC codes, skill ids) a text belongs to, in code order. */
  ownersOf = (textId: number): readonly string[] =>
    (this.ownerLists[textId] ??= this.owners.at(textId)!.split(OWNER_SEPARATOR));

  search(query: string, threshold?: number): TitleMatch[] {
    return rankByBestText(this.index.search(query, threshold), this.ownersOf).map((r) => ({
      ...r,
      matchedText: this.index.text(r.textId),
    }));
  }
}

/** Every title an occupation is known by (O*NET title, alternate, short, reported), as the index's input. */
export const occupationTitleRows = (db: Database) =>
  db
    .query<{ key: string; text: string }, []>(
      "SELECT t.soc_code AS key, t.title AS text FROM onet_title t JOIN onet_occupation o USING (soc_code)",
    )
    .all();

/** Every distinct technology name, sorted, as the technology search index's input. */
export const technologyNameRows = (db: Database) =>
  db
    .query<{ key: string; text: string }, []>(
      "SELECT DISTINCT example AS key, example AS text FROM onet_technology ORDER BY example",
    )
    .all();

/** A trigram index's postings and sizes as packed columns (`sizes`, `trigrams`, `posting_ends`, `posting_ids`). */
export function packTrigramIndex(index: TrigramIndex): Record<string, string | Uint8Array> {
  const { sizes, postings } = index.built();
  const lists = [...postings];
  const ends = new Int32Array(lists.length);
  const ids = new Int32Array(lists.reduce((n, [, l]) => n + l.length, 0));
  let at = 0;
  lists.forEach(([, list], i) => {
    ids.set(list, at);
    ends[i] = at += list.length;
  });
  return {
    sizes: bytesOf(sizes),
    trigrams: packStrings(lists.map(([t]) => t)),
    posting_ends: bytesOf(ends),
    posting_ids: bytesOf(ids),
  };
}

/** A trigram index over `texts` from the columns packTrigramIndex wrote, without rebuilding it. */
export function restoreTrigramIndex(
  texts: TextList,
  packed: Map<string, string | Uint8Array>,
  prefix = "",
): TrigramIndex {
  const ends = typedFrom(packed.get(`${prefix}posting_ends`) as Uint8Array, Int32Array);
  const ids = typedFrom(packed.get(`${prefix}posting_ids`) as Uint8Array, Int32Array);
  const trigrams = packed.get(`${prefix}trigrams`) as string;
  const postings = () => {
    const lists = new Map<string, Int32Array>();
    unpackStrings(trigrams).forEach((t, i) => lists.set(t, ids.subarray(i ? ends[i - 1] : 0, ends[i])));
    return lists;
  };
  return new TrigramIndex(texts, {
    sizes: typedFrom(packed.get(`${prefix}sizes`) as Uint8Array, Uint16Array),
    postings,
  });
}

/** A title index as the snapshot build stores it (packed columns under a prefix). */
export function packTitleIndex(search: TitleSearch): Record<string, string | Uint8Array> {
  const texts = search.index.allTexts();
  return {
    ...packTexts("texts", texts),
    ...packTexts(
      "owners",
      texts.map((_, id) => search.ownersOf(id).join(OWNER_SEPARATOR)),
    ),
    ...packTrigramIndex(search.index),
  };
}

/** A title index the snapshot build stored under a prefix (packTitleIndex), restored without rebuilding. */
export function storedTitleSearch(db: Database, prefix: string): TitleSearch {
  const packed = readPacked(db, prefix);
  // Held packed: 50,000 titles and their owners are two strings, not 100,000 (packed-texts.ts).
  const texts = storedTexts(packed, "texts");
  return new TitleSearch(restoreTrigramIndex(texts, packed), storedTexts(packed, "owners"));
}

/** The stored indexes: occupation titles (E15) and technology names (technology search). */
export const TITLE_INDEX = "title_index.";
export const TECHNOLOGY_INDEX = "technology_index.";
