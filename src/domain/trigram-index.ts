// An inverted trigram index over a fixed list of texts: a query touches only the texts that share at least
// one trigram with it, counts the shared trigrams, and scores each with pg_trgm's similarity.
import { trigrams, similarityFromCounts, DEFAULT_SIMILARITY_THRESHOLD } from "./trigram.ts";
import type { TextList } from "./packed-texts.ts";

export interface Hit {
  id: number;
  similarity: number;
}

const SCALE = 2 ** 30;
const ID_SPACE = 2 ** 22;

export class TrigramIndex {
  private stored: Map<string, Int32Array> | (() => Map<string, Int32Array>) = new Map();
  private readonly sizes: Uint16Array;
  private readonly counts: Uint16Array;
  private readonly touched: Int32Array;

  /**
   * `built`: postings and sizes computed earlier by this class (the snapshot build stores them), the postings
   * possibly as a function that restores them, called on the first search (start-up restores a dozen thousand
   * lists per index, most of them for a fuzzy lookup few requests need); else built here.
   */
  constructor(
    readonly texts: TextList,
    built?: { sizes: Uint16Array; postings: Map<string, Int32Array> | (() => Map<string, Int32Array>) },
  ) {
    if (texts.length >= ID_SPACE) throw new Error(`TrigramIndex holds at most ${ID_SPACE} texts`);
    this.counts = new Uint16Array(texts.length);
    this.touched = new Int32Array(texts.length);
    if (built) {
      this.sizes = built.sizes;
      this.stored = built.postings;
      return;
    }
    const lists = new Map<string, number[]>();
    this.sizes = new Uint16Array(texts.length);
    for (let id = 0; id < texts.length; id++) {
      const set = trigrams(texts.at(id)!);
      this.sizes[id] = set.size;
      for (const t of set) {
        let list = lists.get(t);
        if (!list) lists.set(t, (list = []));
        list.push(id);
      }
    }
    // Each posting list is ordered by the text's trigram count (then id), so a query can skip the texts
    // too short or too long to reach the threshold (see search).
    const sizes = this.sizes;
    for (const [t, list] of lists)
      this.postings.set(t, Int32Array.from(list.sort((a, b) => sizes[a] - sizes[b] || a - b)));
  }

  private get postings(): Map<string, Int32Array> {
    if (typeof this.stored === "function") this.stored = this.stored();
    return this.stored;
  }

  /** Text `id` (a hit's id). */
  text(id: number): string {
    return this.texts.at(id)!;
  }

  /** Every text, in id order (for building and testing; serving reads `text`). */
  allTexts(): string[] {
    return Array.from({ length: this.texts.length }, (_, id) => this.text(id));
  }

  /** What the constructor computes, for storing in the snapshot. */
  built(): { sizes: Uint16Array; postings: ReadonlyMap<string, Int32Array> } {
    return { sizes: this.sizes, postings: this.postings };
  }

  /** Texts with similarity ≥ threshold (pg_trgm's `%`), best first, ties by id. */
  search(query: string, threshold = DEFAULT_SIMILARITY_THRESHOLD): Hit[] {
    const q = trigrams(query);
    if (q.size === 0) return [];
    const { counts, touched, sizes } = this;
    const A = q.size;
    // A text of B trigrams sharing c ≤ min(A, B) scores c / (A + B − c), so it can reach threshold t only if
    // t·A ≤ B ≤ A / t, and then c ≥ t·A. Bounds are widened slightly: necessary conditions, never a filter on a match.
    const minSize = threshold > 0 ? Math.floor(threshold * A * 0.999) : 0;
    const maxSize = threshold > 0 ? Math.ceil((A / threshold) * 1.001) : Infinity;
    const minShared = Math.max(1, minSize);

    // Each query trigram's postings, cut to the feasible sizes, rarest first.
    const slices: { list: Int32Array; from: number; to: number }[] = [];
    const postings = this.postings;
    for (const t of q) {
      const list = postings.get(t);
      if (!list) continue;
      const from = firstWithSize(list, sizes, minSize);
      const to = firstWithSize(list, sizes, maxSize + 1);
      if (to > from) slices.push({ list, from, to });
    }
    slices.sort((a, b) => a.to - a.from - (b.to - b.from));
    if (slices.length < minShared) return [];

    // Phase 1: the rarer lists introduce candidates. A text seen only in the last minShared − 1 lists
    // could share at most minShared − 1 trigrams, too few, so those lists only add to known candidates.
    const open = slices.length - minShared + 1;
    let n = 0;
    for (let s = 0; s < open; s++) {
      const { list, from, to } = slices[s];
      for (let i = from; i < to; i++) {
        const id = list[i];
        if (counts[id]++ === 0) touched[n++] = id;
      }
    }
    // Phase 2: drop candidates that cannot reach the threshold even if every remaining list holds them,
    // then count the survivors in each remaining list, scanning or binary-searching, whichever costs less.
    const remaining = slices.length - open;
    if (remaining > 0) {
      let kept = 0;
      for (let i = 0; i < n; i++) {
        const id = touched[i];
        const best = Math.min(counts[id] + remaining, sizes[id]);
        if (similarityFromCounts(best, A, sizes[id]) >= threshold) touched[kept++] = id;
        else counts[id] = 0;
      }
      n = kept;
      for (let s = open; s < slices.length; s++) {
        const { list, from, to } = slices[s];
        if (n * Math.log2(to - from + 1) < to - from) {
          for (let i = 0; i < n; i++) if (contains(list, from, to, touched[i], sizes)) counts[touched[i]]++;
        } else {
          for (let i = from; i < to; i++) {
            const id = list[i];
            if (counts[id] !== 0) counts[id]++;
          }
        }
      }
    }

    // Sort (similarity desc, id asc) as one float64 per hit: a float4 similarity in [2^-6, 1] is an exact
    // multiple of 2^-30, so (2^30 − s·2^30)·2^22 + id is an exact integer below 2^53, and a typed-array sort
    // orders by it natively, without allocating an object per candidate.
    const keys = new Float64Array(n);
    let m = 0;
    for (let i = 0; i < n; i++) {
      const id = touched[i];
      const s = similarityFromCounts(counts[id], q.size, sizes[id]);
      counts[id] = 0;
      if (s >= threshold && s > 0) keys[m++] = (SCALE - s * SCALE) * ID_SPACE + id;
    }
    const sorted = keys.subarray(0, m).sort();
    const hits: Hit[] = new Array(m);
    for (let i = 0; i < m; i++) {
      const k = sorted[i];
      const id = k % ID_SPACE;
      hits[i] = { id, similarity: (SCALE - (k - id) / ID_SPACE) / SCALE };
    }
    return hits;
  }
}

/** Index of the first posting whose text has at least `size` trigrams (lists are ordered by size). */
function firstWithSize(list: Int32Array, sizes: Uint16Array, size: number): number {
  let lo = 0,
    hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sizes[list[mid]] < size) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a size-ordered posting slice holds this text: binary search on (size, id). */
function contains(list: Int32Array, from: number, to: number, id: number, sizes: Uint16Array): boolean {
  const size = sizes[id];
  let lo = from,
    hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = list[mid];
    const diff = sizes[other] - size || other - id;
    if (diff === 0) return true;
    if (diff < 0) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

export interface RankedKey<K> {
  key: K;
  score: number;
  textId: number;
}

/**
 * Rank owners (occupations, skills) by their best-matching text: each text id belongs to one or more keys,
 * a key's score is its highest hit. Best first; equal scores by key, ascending.
 */
export function rankByBestText<K extends string>(
  hits: readonly Hit[],
  ownersOf: (textId: number) => readonly K[],
): RankedKey<K>[] {
  const best = new Map<K, RankedKey<K>>();
  // Hits come best first, so a key's first hit is its best text.
  for (const hit of hits)
    for (const key of ownersOf(hit.id))
      if (!best.has(key)) best.set(key, { key, score: hit.similarity, textId: hit.id });
  return [...best.values()].sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
