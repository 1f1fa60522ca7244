// Trigram similarity exactly as PostgreSQL's pg_trgm computes it (UTF-8 database, glibc locale):
// - words are maximal runs of alphanumeric characters (glibc iswalnum: Unicode Alphabetic, or any decimal
//   digit); everything else separates words;
// - each word is lower-cased character by character (towlower: one code point to one code point),
//   padded with two spaces before and one after, and every 3-character window is a trigram;
// - similarity = shared / (|A| + |B| − shared) over the two trigram *sets*, computed in float4,
//   and 0 when either set is empty.
// (pg_trgm stores a multibyte trigram as a 3-byte CRC; two distinct ones could collide there. That is
// vanishingly rare and not reproduced.)

const WORD_CHAR = /[\p{Alphabetic}\p{Nd}]/u;

/** towlower: one code point in, one out. JS maps a few code points to two (İ → i̇); glibc maps those simply. */
function lowerCodePoint(ch: string): string {
  const lower = ch.toLowerCase();
  if (lower.length === ch.length || [...lower].length === 1) return lower;
  return ch === "\u0130" ? "i" : ch;
}

/** The words pg_trgm sees in a text, lower-cased, as arrays of code points. */
export function trigramWords(text: string): string[][] {
  const words: string[][] = [];
  let current: string[] = [];
  for (const ch of text) {
    if (WORD_CHAR.test(ch)) current.push(lowerCodePoint(ch));
    else if (current.length) {
      words.push(current);
      current = [];
    }
  }
  if (current.length) words.push(current);
  return words;
}

/** pg_trgm's show_trgm(), as a set of 3-code-point strings. */
export function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of trigramWords(text)) {
    const padded = [" ", " ", ...word, " "];
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded[i] + padded[i + 1] + padded[i + 2]);
  }
  return set;
}

/** float4 division, as pg_trgm's CALCSML does it (double then round: exact for these small integers). */
export const similarityFromCounts = (shared: number, sizeA: number, sizeB: number): number =>
  sizeA <= 0 || sizeB <= 0 ? 0 : Math.fround(shared / (sizeA + sizeB - shared));

export function setSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) shared++;
  return similarityFromCounts(shared, a.size, b.size);
}

/** pg_trgm's similarity(a, b). */
export const similarity = (a: string, b: string): number => setSimilarity(trigrams(a), trigrams(b));

/**
 * A float4 as PostgreSQL writes it (`0.6666667`, not the double `0.6666666865348816`): the shortest decimal that
 * reads back as the same float4. Served scores take this form; ranking keeps the float4 itself.
 */
export function shortestFloat4(x: number): number {
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(x.toPrecision(digits));
    if (Math.fround(shorter) === x) return shorter;
  }
  return x;
}

/** pg_trgm.similarity_threshold's default: `a % b` holds when similarity(a, b) >= 0.3. */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.3;
