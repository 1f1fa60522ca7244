// Misspelt place names ("Chicgo", "Pennsylvannia", "Gothenberg"): the names within a few edits of what was typed
// (Damerau-Levenshtein, so a swapped pair of letters is one edit, computed by fast-fuzzy). The trigram index
// narrows thousands of names to the few that share any trigram with the input. A correction is made only when
// it is unambiguous; anything looser only feeds "Did you mean" suggestions.
import { TrigramIndex } from "../trigram-index.ts";
import type { TextList } from "../packed-texts.ts";

/** A name that can be corrected to: a notable place's name (any of its names), a state's or a country's. */
export interface SpellingName {
  /** One per place, state or country: its names share it. */
  id: string;
  /** placeKey of the name, what the resolver looks up. */
  key: string;
  /** How to show it: "Chicago, IL", "Connecticut", "Germany". */
  label: string;
  /** ISO alpha-2 (US for states); null for countries. */
  country: string | null;
  /** The USPS state code of a U.S. place or state. */
  admin1: string | null;
  /** Places: their population; states and countries rank above any place (Infinity). */
  population: number;
}

export interface SpellingHit {
  name: SpellingName;
  edits: number;
}

/** How many edits a name of this length may carry and still be corrected: none under 5 letters, 1, then 2 from 9. */
export function correctableEdits(key: string): number {
  const letters = key.replace(/ /g, "").length;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/** A correction must beat any other name at the same distance by this factor in population. */
const CLEAR_LEAD = 5;
/** Low enough that two swapped pairs in a short name still share a trigram or two (a filter, not the measure). */
const TRIGRAM_FLOOR = 0.1;
/** fast-fuzzy, loaded on first use (a misspelt place), not at start-up: its Unicode tables cost about 9 ms to unpack. */
let loadedFuzzy: typeof import("fast-fuzzy").fuzzy | undefined;
const fuzzy: typeof import("fast-fuzzy").fuzzy = (...args) =>
  (loadedFuzzy ??= (require("fast-fuzzy") as typeof import("fast-fuzzy")).fuzzy)(...args);
const EDIT_OPTIONS = { useSellers: false, useDamerau: true, ignoreCase: false, ignoreSymbols: false } as const;

/**
 * The names column by column, as the snapshot stores them. A request builds objects only for the few names
 * it touches; the 21,000 names as objects, with their strings, were 120,000 heap cells, about 15 MB of a process.
 */
export interface SpellingTable {
  id: TextList;
  key: TextList;
  label: TextList;
  /** "" for none. */
  country: TextList;
  admin1: TextList;
  /** Infinity: a state, region or country, above every place. */
  population: Float64Array;
  /** The distinct keys, in the order the trigram index numbers them (first appearance among the names). */
  keys: TextList;
  /** The names of key k are keyNames[keyEnds[k − 1] … keyEnds[k]), most populous first. */
  keyEnds: Int32Array;
  keyNames: Int32Array;
}

/** The table of a list of names (the snapshot build; tests). */
export function spellingTable(names: readonly SpellingName[]): SpellingTable {
  const byKey = new Map<string, number[]>();
  names.forEach((n, i) => {
    const list = byKey.get(n.key);
    if (list) list.push(i);
    else byKey.set(n.key, [i]);
  });
  const lists = [...byKey.values()].map((l) => l.sort((a, b) => names[b].population - names[a].population));
  const keyEnds = new Int32Array(lists.length);
  lists.forEach((l, k) => (keyEnds[k] = (k ? keyEnds[k - 1] : 0) + l.length));
  const column = (pick: (n: SpellingName) => string | null) => names.map((n) => pick(n) ?? "");
  return {
    id: column((n) => n.id),
    key: column((n) => n.key),
    label: column((n) => n.label),
    country: column((n) => n.country),
    admin1: column((n) => n.admin1),
    population: Float64Array.from(names, (n) => n.population),
    keys: [...byKey.keys()],
    keyEnds,
    keyNames: Int32Array.from(lists.flat()),
  };
}

export class PlaceSpelling {
  readonly table: SpellingTable;
  private readonly index: TrigramIndex;

  /** `index`: a trigram index over the table's keys built earlier (the snapshot stores one); else built here. */
  constructor(names: readonly SpellingName[] | SpellingTable, index?: TrigramIndex) {
    this.table = Array.isArray(names) ? spellingTable(names) : (names as SpellingTable);
    this.index = index ?? new TrigramIndex(this.table.keys);
  }

  get trigramIndex(): TrigramIndex {
    return this.index;
  }

  /** Name i of the table, as an object. */
  name(i: number): SpellingName {
    const t = this.table;
    return {
      id: t.id.at(i)!,
      key: t.key.at(i)!,
      label: t.label.at(i)!,
      country: t.country.at(i) || null,
      admin1: t.admin1.at(i) || null,
      population: t.population[i],
    };
  }

  /** The most populous name of key k inside `scope`, if any. */
  private firstName(k: number, scope: (n: SpellingName) => boolean): SpellingName | undefined {
    const { keyEnds, keyNames } = this.table;
    for (let j = k ? keyEnds[k - 1] : 0; j < keyEnds[k]; j++) {
      const name = this.name(keyNames[j]);
      if (scope(name)) return name;
    }
    return undefined;
  }

  /** Places, states and countries with a name within `maxEdits` of `key` (and inside `scope`), fewest edits first, then most populous. */
  near(key: string, maxEdits: number, scope: (n: SpellingName) => boolean = () => true): SpellingHit[] {
    let hits: SpellingHit[] = [];
    for (const { id } of this.index.search(key, TRIGRAM_FLOOR)) {
      const candidate = this.index.text(id);
      if (Math.abs(candidate.length - key.length) > maxEdits) continue;
      // fast-fuzzy scores 1 − edits / the longer length.
      const edits = Math.round((1 - fuzzy(key, candidate, EDIT_OPTIONS)) * Math.max(key.length, candidate.length));
      const name = edits <= maxEdits ? this.firstName(id, scope) : undefined;
      if (name) hits.push({ name, edits });
    }
    hits.sort((a, b) => a.edits - b.edits || b.name.population - a.name.population);
    const seen = new Set<string>();
    hits = hits.filter((h) => !seen.has(h.name.id) && seen.add(h.name.id));
    return hits;
  }

  /**
   * The one name a misspelling means, or null: within correctableEdits of the input, with its first letter (typists
   * rarely miss the first; "Bavaria" is no misspelt Savaria, Szombathely's Latin name), and either the only name at
   * that distance or CLEAR_LEAD times as populous as the next one there (a state or country outranks places).
   * `alsoClose`: the other names at that distance.
   */
  correct(key: string, scope?: (n: SpellingName) => boolean): { meant: SpellingHit; alsoClose: SpellingHit[] } | null {
    const hits = this.near(key, correctableEdits(key), scope).filter((h) => h.edits > 0 && h.name.key[0] === key[0]);
    const [meant, next] = hits;
    if (!meant) return null;
    if (next && next.edits === meant.edits && !(meant.name.population > CLEAR_LEAD * next.name.population)) return null;
    return { meant, alsoClose: hits.slice(1).filter((h) => h.edits === meant.edits) };
  }
}
