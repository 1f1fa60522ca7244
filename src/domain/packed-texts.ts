// Many short texts held as one string and a table of where each ends. The title lexicon's 175,000 labels and
// 160,000 exact-match keys, held as arrays, were 335,000 strings: each a heap cell, a header and a pointer the
// collector walks, about 20 MB and the time to split them at start-up. Held packed, a text is cut out when asked
// for (a few per request), and a sorted list is searched in place, without a Map of its keys.

/** Texts by index: an array, or PackedTexts. */
export interface TextList {
  readonly length: number;
  at(index: number): string | undefined;
}

/** What joins the texts (U+001F, unit separator): no label, word or key holds it. */
export const TEXT_SEPARATOR = "\x1f";

export class PackedTexts {
  /** Where text i ends in `packed` (text i + 1 starts one past it). */
  private readonly ends: Int32Array;

  /**
   * `packed`: the texts joined by TEXT_SEPARATOR, as `PackedTexts.of` joins them (empty: no texts). `ends`: where
   * each ends, as `endsArray()` gave them when stored (the snapshot keeps them: finding them again is a scan of
   * megabytes at start-up), checked against the string; found by a scan when absent.
   */
  constructor(
    readonly packed: string,
    ends?: Int32Array,
  ) {
    this.ends = ends ? PackedTexts.checked(packed, ends) : PackedTexts.endsOf(packed);
  }

  /** Stored ends, if they fit the string: each but the last at a separator, the last at its end. */
  private static checked(packed: string, ends: Int32Array): Int32Array {
    const n = ends.length;
    if (n === 0 && packed !== "") throw new Error("packed texts: a non-empty string with no ends");
    for (let i = 0; i < n; i++) {
      const end = ends[i];
      const fits =
        end >= (i === 0 ? 0 : ends[i - 1] + 1) && (i + 1 < n ? packed[end] === TEXT_SEPARATOR : end === packed.length);
      if (!fits) throw new Error(`packed texts: text ${i} cannot end at ${end} (the string is ${packed.length} long)`);
    }
    return ends;
  }

  private static endsOf(packed: string): Int32Array {
    let count = packed === "" ? 0 : 1;
    for (let at = packed.indexOf(TEXT_SEPARATOR); at >= 0; at = packed.indexOf(TEXT_SEPARATOR, at + 1)) count++;
    const ends = new Int32Array(count);
    let start = 0;
    for (let i = 0; i < count; i++) {
      const end = packed.indexOf(TEXT_SEPARATOR, start);
      ends[i] = end < 0 ? packed.length : end;
      start = ends[i] + 1;
    }
    return ends;
  }

  /** Where each text ends in `packed`, to store beside it (the list's own array: read it, never alter it). */
  endsArray(): Int32Array {
    return this.ends;
  }

  static of(texts: readonly string[]): PackedTexts {
    for (const t of texts)
      if (t.includes(TEXT_SEPARATOR))
        throw new Error(`cannot pack a text holding U+001F: ${JSON.stringify(t.slice(0, 60))}`);
    if (texts.length === 1 && texts[0] === "") throw new Error("cannot pack a list of one empty text");
    return new PackedTexts(texts.join(TEXT_SEPARATOR));
  }

  get length(): number {
    return this.ends.length;
  }

  /** Text `i` (0 ≤ i < length). */
  at(i: number): string {
    return this.packed.slice(this.startOf(i), this.ends[i]);
  }

  /** All the texts, as an array (for building, not for serving). */
  toArray(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }

  /**
   * The index of `key` in a list sorted by UTF-16 code units (JavaScript's default sort), or -1: a binary search
   * comparing in place, so no text is cut out.
   */
  sortedIndexOf(key: string): number {
    let lo = 0,
      hi = this.ends.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const order = this.compareAt(mid, key);
      if (order === 0) return mid;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The first index whose text sorts at or after `key` in a list sorted as `sortedIndexOf` needs (length: none). */
  firstAtOrAfter(key: string): number {
    let lo = 0,
      hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareAt(mid, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private startOf(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1] + 1;
  }

  /** Text `i` against `key`: negative when it sorts before, 0 when equal, positive after. */
  private compareAt(i: number, key: string): number {
    const start = this.startOf(i),
      length = this.ends[i] - start;
    const shared = Math.min(length, key.length);
    for (let k = 0; k < shared; k++) {
      const d = this.packed.charCodeAt(start + k) - key.charCodeAt(k);
      if (d !== 0) return d;
    }
    return length - key.length;
  }
}
