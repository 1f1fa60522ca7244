// Free-text job title → O*NET occupation, in the spec's three tiers:
// (1) alias: exact match after normalisation against every O*NET title, alternate, short and reported title;
// (2) trigram: best pg_trgm similarity of the normalised title, at or above TRIGRAM_MATCH_THRESHOLD;
// (3) pattern: case-insensitive substring of a known title (the shortest such title wins).
import type { TitleSearch } from "../snapshot/repositories/title-search.ts";

export type MatchMethod = "alias" | "trigram" | "pattern";
export type TitleKind = "title" | "short" | "alternate" | "reported";

export interface TitleRow { socCode: string; title: string; kind: TitleKind }
export interface Alias { socCode: string; title: string }
export interface TitleMatch { socCode: string; matchedText: string; method: MatchMethod; score: number }

/** Stricter than search's 0.3: a salary answer needs a confident occupation, not a list of maybes. */
export const TRIGRAM_MATCH_THRESHOLD = 0.4;

// Seniority and level words say nothing about the occupation.
const SENIORITY = new Set(["senior", "sr", "junior", "jr", "lead", "i", "ii", "iii", "iv", "entry", "level", "mid"]);
// Abbreviations job ads use, spelled out the way O*NET titles spell them. (A Map: keys come from user input,
// and a plain object would answer "constructor".)
const ABBREVIATIONS = new Map(Object.entries({
  eng: "engineer", engr: "engineer", mgr: "manager", mngr: "manager", dev: "developer", devs: "developer", asst: "assistant",
  assoc: "associate", admin: "administrator", tech: "technician", techs: "technician", rep: "representative", coord: "coordinator",
  spec: "specialist", supv: "supervisor", supvr: "supervisor", dir: "director", acct: "accountant", exec: "executive",
  prog: "programmer", sw: "software", sys: "systems", svc: "service", ops: "operations", hr: "human resources",
}));
const ORDER: Record<TitleKind, number> = { title: 0, short: 1, alternate: 2, reported: 3 };

/** Singular form by English suffix rules. Applied alike to titles and queries, so it need only be consistent. */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (/(ss|ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Lower case, `&` → and, punctuation → space, abbreviations spelled out, seniority words dropped, singular. */
export function normaliseTitle(title: string): string {
  const words = title.toLowerCase().replace(/&/g, " and ").replace(/[^\p{L}\p{N}+#]+/gu, " ").trim().split(" ").filter(Boolean);
  const spelled = words.flatMap((w) => (ABBREVIATIONS.get(w) ?? w).split(" "));
  const kept = spelled.filter((w) => !SENIORITY.has(w));
  return (kept.length ? kept : spelled).map(singular).join(" ");
}

export class TitleMatcher {
  private readonly aliases: Map<string, Alias>;
  private lowerTexts: string[] | null = null;

  /** Aliases computed earlier by `build` (the snapshot build stores them), and the title index. */
  constructor(aliases: Iterable<[string, Alias]>, private readonly search: TitleSearch) {
    this.aliases = new Map(aliases);
  }

  /** The alias table: every normalised title → one occupation. */
  aliasEntries(): [string, Alias][] {
    return [...this.aliases];
  }

  /** `employment(soc)`: how many people hold the occupation, to pick the likelier meaning of a shared title. */
  static build(rows: readonly TitleRow[], search: TitleSearch, employment: (socCode: string) => number): TitleMatcher {
    const aliases = new Map<string, Alias & { order: number; weight: number }>();
    for (const r of rows) {
      const key = normaliseTitle(r.title);
      if (!key) continue;
      const existing = aliases.get(key);
      const order = ORDER[r.kind];
      // One alias, one occupation. The most authoritative kind of title wins; among equals, the occupation
      // more people hold ("Sales Associate" → Retail Salespersons), then the lower SOC code.
      const weight = employment(r.socCode);
      const better = !existing || order < existing.order ||
        (order === existing.order && (weight > existing.weight || (weight === existing.weight && r.socCode < existing.socCode)));
      if (better) aliases.set(key, { socCode: r.socCode, title: r.title, order, weight });
    }
    return new TitleMatcher([...aliases].map(([key, a]) => [key, { socCode: a.socCode, title: a.title }]), search);
  }

  match(jobTitle: string): TitleMatch | null {
    const key = normaliseTitle(jobTitle);
    if (!key) return null;
    const alias = this.aliases.get(key);
    if (alias) return { socCode: alias.socCode, matchedText: alias.title, method: "alias", score: 1 };
    const [best] = this.search.search(key, TRIGRAM_MATCH_THRESHOLD);
    if (best) return { socCode: best.key, matchedText: best.matchedText, method: "trigram", score: best.score };
    return this.pattern(key);
  }

  /** Closest titles whatever their score, for a 404's suggestion. */
  closest(jobTitle: string, n = 3): string[] {
    return this.search.search(normaliseTitle(jobTitle) || jobTitle, 0.1).slice(0, n).map((m) => m.matchedText);
  }

  private pattern(key: string): TitleMatch | null {
    if (key.length < 3) return null; // a one- or two-letter fragment is inside half the titles
    let best: { text: string; id: number } | null = null;
    const texts = this.search.index.texts;
    const lower = (this.lowerTexts ??= texts.map((t) => t.toLowerCase()));
    for (let id = 0; id < lower.length; id++) {
      if (lower[id].length >= key.length && lower[id].includes(key) && (!best || texts[id].length < best.text.length)) best = { text: texts[id], id };
    }
    if (!best) return null;
    return { socCode: this.search.ownersOf(best.id)[0], matchedText: best.text, method: "pattern", score: 0 };
  }
}
