// A title being typed: its last word may be begun, not finished (`data engin`, `truck dri`). Read as written, the
// matcher takes a begun word for the nearest whole one (engin → Engine Mechanic); a suggestion list also reads it
// as each of its likeliest completions (data engineer), every reading weighed by how many labels write its last word.
import type { Candidate, MatchOptions, TitleMatcher } from "./match.ts";
import { rawWords } from "./text.ts";

/** Completions of a begun last word read besides the text as typed. */
const COMPLETIONS = 3;
/** Shorter begun words are not completed: two letters begin too many words to say which is meant. */
const SHORTEST_BEGUN = 3;
/**
 * The last word, standing alone: after a space or at the start. One after a slash or hyphen is a suffix or a part
 * (`Bürokaufmann/frau`, `Verkäufer m/w/div`), not a word begun.
 */
const LAST_WORD = /(?:^|\s)(\p{L}+)$/u;

export interface TypedReading {
  text: string;
  /** The share of the readings' labels its last word has (the readings' weights sum to 1). */
  weight: number;
}

/** The text as typed, and with its last word completed to each of its likeliest completions. */
export function typedReadings(matcher: TitleMatcher, typed: string, options: MatchOptions): TypedReading[] {
  const asTyped = [{ text: typed, weight: 1 }];
  const last = LAST_WORD.exec(typed)?.[1];
  const begun = last ? rawWords(last)[0] : undefined;
  if (!last || !begun || begun.length < SHORTEST_BEGUN) return asTyped;
  const country = options.country ?? null;
  const own = matcher.labelsWriting(begun, country);
  const completions = matcher
    .completions(begun, country, COMPLETIONS + 1)
    .filter((c) => c.word !== begun)
    .slice(0, COMPLETIONS);
  // A word labels write at least as often as any word it begins is taken as finished (`Nurse`, not Nursery).
  if (!completions.length || own >= completions[0].labels) return asTyped;
  const before = typed.slice(0, typed.length - last.length);
  // The text as typed keeps some weight when no label writes its last word: it may be misspelt, not begun.
  const readings = [{ text: typed, labels: Math.max(own, 1) }];
  for (const c of completions) readings.push({ text: before + c.word, labels: c.labels });
  const total = readings.reduce((sum, r) => sum + r.labels, 0);
  return readings.map((r) => ({ text: r.text, weight: r.labels / total }));
}

/**
 * The candidates of every reading, each weighed by its reading's weight times its own probability, best first; an
 * occupation and label met by several readings counts once, at its best.
 */
export function typeaheadCandidates(
  matcher: TitleMatcher,
  typed: string,
  options: MatchOptions,
  readings: readonly TypedReading[] = typedReadings(matcher, typed, options),
): Candidate[] {
  const weighed: { candidate: Candidate; weight: number }[] = [];
  for (const { text, weight } of readings) {
    const match = matcher.match(text, options);
    if (match)
      for (const candidate of [match.best, ...match.alternatives])
        weighed.push({ candidate, weight: weight * candidate.confidence });
  }
  weighed.sort((a, b) => b.weight - a.weight);
  const seen = new Set<string>();
  return weighed
    .map((w) => w.candidate)
    .filter((c) => {
      const key = `${c.code}|${c.label}`;
      return !seen.has(key) && seen.add(key);
    });
}
