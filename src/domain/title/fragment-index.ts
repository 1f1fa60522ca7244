// The pattern tier's lookup (match.ts): the shortest O*NET label holding a fragment of a word ("accountan"). A
// fragment is letters and digits only, so it can only lie inside one word of a label (a run of letters and digits):
// the distinct words are searched, not every label (2.5 ms a lookup over 60,000 labels, a few hundred µs over
// their words), with the same answer.
const WORD_SPLIT = /[^\p{L}\p{N}]+/u;

export class FragmentIndex<T extends { text: string }> {
  private readonly words: string[] = [];
  /** Per word, the items holding it, ascending. */
  private readonly holders: number[][] = [];

  constructor(private readonly items: readonly T[]) {
    const at = new Map<string, number>();
    items.forEach((item, i) => {
      for (const word of new Set(item.text.split(WORD_SPLIT))) {
        if (!word) continue;
        let w = at.get(word);
        if (w === undefined) {
          at.set(word, (w = this.words.length));
          this.words.push(word);
          this.holders.push([]);
        }
        this.holders[w].push(i);
      }
    });
  }

  /** The item with the shortest text holding `fragment` (letters and digits only), the first of equals; or null. */
  shortestHolding(fragment: string): T | null {
    const { items } = this;
    let best = -1;
    const before = (i: number) => {
      const d = items[i].text.length - items[best].text.length;
      return d < 0 || (d === 0 && i < best);
    };
    for (let w = 0; w < this.words.length; w++)
      if (this.words[w].includes(fragment)) for (const i of this.holders[w]) if (best < 0 || before(i)) best = i;
    return best < 0 ? null : items[best];
  }
}
