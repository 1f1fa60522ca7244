// An inverted trigram index over a fixed list of texts: a query touches only the texts that share at least
// one trigram with it, counts the shared trigrams, and scores each with pg_trgm's similarity.
import { trigrams, similarityFromCounts, DEFAULT_SIMILARITY_THRESHOLD } from "./trigram.ts";

export interface Hit { id: number; similarity: number }

/** Highest similarity first; equal similarities by id (the text's position), as `ORDER BY s DESC, id`. */
export const byScoreThenId = (a: Hit, b: Hit) => b.similarity - a.similarity || a.id - b.id;

export class TrigramIndex {
  private readonly postings = new Map<string, Int32Array>();
  private readonly sizes: Uint16Array;
  private readonly counts: Uint16Array;
  private readonly touched: Int32Array;

  constructor(readonly texts: readonly string[]) {
    const lists = new Map<string, number[]>();
    this.sizes = new Uint16Array(texts.length);
    texts.forEach((text, id) => {
      const set = trigrams(text);
      this.sizes[id] = set.size;
      for (const t of set) {
        let list = lists.get(t);
        if (!list) lists.set(t, (list = []));
        list.push(id);
      }
    });
    for (const [t, list] of lists) this.postings.set(t, Int32Array.from(list));
    this.counts = new Uint16Array(texts.length);
    this.touched = new Int32Array(texts.length);
  }

  /** Texts with similarity ≥ threshold (pg_trgm's `%`), best first, ties by id. */
  search(query: string, threshold = DEFAULT_SIMILARITY_THRESHOLD): Hit[] {
    const q = trigrams(query);
    if (q.size === 0) return [];
    const { counts, touched, sizes } = this;
    let n = 0;
    for (const t of q) {
      const list = this.postings.get(t);
      if (!list) continue;
      for (let i = 0; i < list.length; i++) {
        const id = list[i];
        if (counts[id]++ === 0) touched[n++] = id;
      }
    }
    const hits: Hit[] = [];
    for (let i = 0; i < n; i++) {
      const id = touched[i];
      const s = similarityFromCounts(counts[id], q.size, sizes[id]);
      counts[id] = 0;
      if (s >= threshold) hits.push({ id, similarity: s });
    }
    return hits.sort(byScoreThenId);
  }
}

export interface RankedKey<K> { key: K; score: number; textId: number }

/**
 * Rank owners (occupations, skills) by their best-matching text: each text id belongs to one or more keys,
 * a key's score is its highest hit. Best first; equal scores by key, ascending.
 */
export function rankByBestText<K extends string>(hits: readonly Hit[], ownersOf: (textId: number) => readonly K[]): RankedKey<K>[] {
  const best = new Map<K, RankedKey<K>>();
  // Hits come best first, so a key's first hit is its best text.
  for (const hit of hits) for (const key of ownersOf(hit.id)) if (!best.has(key)) best.set(key, { key, score: hit.similarity, textId: hit.id });
  return [...best.values()].sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
