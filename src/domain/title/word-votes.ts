// Word votes: which occupations the labels holding each of a title's words belong to. Every word casts its weight
// (rare words more) split over the occupation groups of the labels it is in, in proportion to how many labels of
// each group hold it; filed titles count most, as they are written the way users write. The sum is a bag-of-words
// guess that needs no single label to match the title: "SRAM DESIGNER" is an electronics engineer because filers
// who wrote "SRAM" chose that code. Pairs of neighbouring words vote the same way over the labels holding both
// ("data" and "analyst" together say more than each alone). The matcher proposes the words' best groups beside the
// label tiers' candidates (they raise candidate recall) and the ranker reads each candidate's shares.
import { LABEL_SOURCES, type LabelSource, type LexiconData } from "./lexicon.ts";
import { Lru } from "../lru.ts";

/** How much one label of each source counts in its words' votes. */
const SOURCE_VOTE_WEIGHT: Record<LabelSource, number> = {
  employer_filing: 10,
  onet_title: 1,
  onet_alternate: 1,
  onet_short: 1,
  onet_reported: 1,
  oews_title: 1,
  esco_preferred: 0.5,
  esco_alt: 0.3,
  esco_hidden: 0.1,
  national: 0.2,
  isco_group: 0.5,
  job_ad_headline: 3,
};
const VOTE_WEIGHT_BY_SOURCE = Float32Array.from(LABEL_SOURCES, (s) => SOURCE_VOTE_WEIGHT[s]);
/** How many groups a split keeps (its largest shares): a common word is in labels of hundreds. */
const SPLIT_GROUPS = 32;
/**
 * How many pairs' splits are remembered: words' splits are bounded by the vocabulary, but the pairs of words clients
 * write are not (a split is at most 32 groups, about 400 bytes).
 */
const REMEMBERED_PAIRS = 16_384;

/** One word's (or pair's) split of its vote: group ids and their shares of its labels' weight. */
interface Split {
  groups: Int32Array;
  shares: Float32Array;
}

/** Votes per group for the title being matched, and the groups that have any (reset after each title). */
class Tally {
  readonly vote: Float32Array;
  private readonly touched: Int32Array;
  private count = 0;
  constructor(groups: number) {
    this.vote = new Float32Array(groups);
    this.touched = new Int32Array(groups);
  }
  add(split: Split, weight: number) {
    for (let k = 0; k < split.groups.length; k++) {
      const g = split.groups[k];
      if (this.vote[g] === 0) this.touched[this.count++] = g;
      this.vote[g] += weight * split.shares[k];
    }
  }
  /** The `limit` groups with most votes, most first, and the total cast. */
  ranked(limit: number): { groups: number[]; total: number } {
    const groups = Array.from(this.touched.subarray(0, this.count));
    let total = 0;
    for (const g of groups) total += this.vote[g];
    groups.sort((a, b) => this.vote[b] - this.vote[a] || a - b);
    return { groups: groups.slice(0, limit), total };
  }
  /** The votes cast. */
  total(): number {
    let total = 0;
    for (let i = 0; i < this.count; i++) total += this.vote[this.touched[i]];
    return total;
  }
  reset() {
    for (let i = 0; i < this.count; i++) this.vote[this.touched[i]] = 0;
    this.count = 0;
  }
}

export class WordVotes {
  /** Splits remembered: per word (bounded by the vocabulary), and the pairs most recently met. */
  private readonly wordSplits = new Map<number, Split | null>();
  private readonly pairSplits = new Lru<number, Split | null>(REMEMBERED_PAIRS);
  private readonly scratch: Float32Array;
  private readonly scratchTouched: Int32Array;
  readonly words: Tally;
  readonly pairs: Tally;
  /** The head noun's own split per group (what its labels' occupations are), and its groups. */
  readonly headShare: Float32Array;
  private headGroups: Int32Array | null = null;

  /**
   * `groupOfConcept`: each occupation's group on this path (-1: none); `skipSource`: a source index the path
   * ignores (-1: none).
   */
  constructor(
    private readonly lexicon: LexiconData,
    private readonly groupOfConcept: Int32Array,
    groups: number,
    private readonly skipSource: number,
  ) {
    this.scratch = new Float32Array(groups);
    this.scratchTouched = new Int32Array(groups);
    this.words = new Tally(groups);
    this.pairs = new Tally(groups);
    this.headShare = new Float32Array(groups);
  }

  /**
   * Adds word `id`'s vote at `weight`; `head`: the word is the title's head noun. `withheld` labels take no part
   * (then the split is not remembered).
   */
  addWord(id: number, weight: number, withheld: Uint8Array | null, head: boolean) {
    const { postingStart, postingEntries } = this.lexicon;
    const entries = () => postingEntries.subarray(postingStart[id], postingStart[id + 1]);
    let split: Split | null | undefined;
    if (withheld) split = this.split(entries(), withheld);
    else if ((split = this.wordSplits.get(id)) === undefined)
      this.wordSplits.set(id, (split = this.split(entries(), null)));
    if (!split) return;
    if (head) {
      this.headGroups = split.groups;
      for (let k = 0; k < split.groups.length; k++) this.headShare[split.groups[k]] = split.shares[k];
    }
    this.words.add(split, weight);
  }

  /** Adds the vote of the labels holding both words `a` and `b`, at `weight`. */
  addPair(a: number, b: number, weight: number, withheld: Uint8Array | null) {
    if (a === b) return;
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const split = withheld
      ? this.split(this.bothWords(lo, hi), withheld)
      : this.pairSplits.get(lo * this.lexicon.words.length + hi, () => this.split(this.bothWords(lo, hi), null));
    if (split) this.pairs.add(split, weight);
  }

  reset() {
    this.words.reset();
    this.pairs.reset();
    if (this.headGroups) for (const g of this.headGroups) this.headShare[g] = 0;
    this.headGroups = null;
  }

  /** The labels holding both words: the intersection of their (ascending) posting lists. */
  private bothWords(a: number, b: number): Int32Array {
    const { postingStart, postingEntries } = this.lexicon;
    const out: number[] = [];
    let i = postingStart[a],
      j = postingStart[b];
    const endA = postingStart[a + 1],
      endB = postingStart[b + 1];
    while (i < endA && j < endB) {
      const x = postingEntries[i],
        y = postingEntries[j];
      if (x === y) {
        out.push(x);
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
    return Int32Array.from(out);
  }

  private split(entries: ArrayLike<number>, withheld: Uint8Array | null): Split | null {
    const { entryConcept, entrySource } = this.lexicon;
    const { scratch, scratchTouched } = this;
    let n = 0,
      total = 0;
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k];
      if (entrySource[e] === this.skipSource || withheld?.[e]) continue;
      const g = this.groupOfConcept[entryConcept[e]];
      if (g < 0) continue;
      const w = VOTE_WEIGHT_BY_SOURCE[entrySource[e]];
      if (scratch[g] === 0) scratchTouched[n++] = g;
      scratch[g] += w;
      total += w;
    }
    if (!n) return null;
    const all = Array.from(scratchTouched.subarray(0, n)).sort((a, b) => scratch[b] - scratch[a] || a - b);
    const kept = all.slice(0, SPLIT_GROUPS);
    const split = { groups: Int32Array.from(kept), shares: Float32Array.from(kept, (g) => scratch[g] / total) };
    for (const g of all) scratch[g] = 0;
    return split;
  }
}
