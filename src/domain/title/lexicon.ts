// The title lexicon: every label an occupation is known by (O*NET titles in English; ESCO labels in seven
// languages; national title lists), reduced to words, with an inverted index from word to label. Built once at
// snapshot build time (`buildLexicon`), stored as plain arrays, and loaded at start-up without rebuilding.
import { TrigramIndex } from "../trigram-index.ts";
import { PackedTexts } from "../packed-texts.ts";
import {
  LANGS,
  HEAD_FIRST,
  bracketedForms,
  slashVariants,
  stripMarkers,
  titleWords,
  rawWords,
  stem,
  saysRankOrTerms,
  splitCompound,
  type Lang,
} from "./text.ts";
import { parseHeadline } from "./headline.ts";

// oews_title: the title OEWS publishes an aggregate or broad group under (Teaching Assistants, Except
// Postsecondary), a label of each occupation it holds. isco_group: an ISCO-08 unit group's own title in one of the
// seven languages, as ESCO translates the ILO's (`Peones de explotaciones agrícolas`, 9211). job_ad_headline: one of
// our job-ad headlines' dev parts (data/headlines), a label of the unit group its coders chose, read as its role.
export type LabelSource =
  | "onet_title"
  | "onet_alternate"
  | "onet_short"
  | "onet_reported"
  | "esco_preferred"
  | "esco_alt"
  | "esco_hidden"
  | "national"
  | "oews_title"
  | "employer_filing"
  | "isco_group"
  | "job_ad_headline";
export const LABEL_SOURCES: readonly LabelSource[] = [
  "onet_title",
  "onet_alternate",
  "onet_short",
  "onet_reported",
  "esco_preferred",
  "esco_alt",
  "esco_hidden",
  "national",
  "oews_title",
  "employer_filing",
  "isco_group",
  "job_ad_headline",
];
/** Sources that label the U.S. path only: titles U.S. employers filed under a SOC code say nothing of ISCO groups. */
export const US_PATH_ONLY: readonly LabelSource[] = ["employer_filing"];

/** An occupation the lexicon can name, with the codes each path needs. */
export interface Concept {
  /** O*NET-SOC code ("15-1252.00"), ESCO occupation id (uuid) or "isco:2221". */
  key: string;
  kind: "onet" | "esco" | "isco";
  /** English name: the O*NET title, ESCO's English preferred label or the ISCO unit group's title. */
  title: string;
  /** The O*NET-SOC occupation a U.S. path uses (itself, or through the ESCO–O*NET crosswalk), and how. */
  soc: string | null;
  socBasis: string | null;
  /** The ISCO-08 unit group an EU path uses (ESCO's own, or through a crosswalk for O*NET), and how. */
  isco: string | null;
  iscoBasis: string | null;
  /** OEWS national employment of `soc`, to prefer the likelier of near-equal candidates. */
  employment: number;
}

/**
 * The head noun of a title's words. By default the language's convention (`conventional`: last word, or first in
 * Romance and Polish), but a word that heads most labels it is in (chauffeur, monteur, kierownik) is the head of a
 * title whose conventional head rarely heads anything (Buschauffeur openbaar vervoer, Monteur Heizung).
 * `headness(i)`: the i-th word's share of labels it heads, or -1 when unknown.
 */
export function likelyHead(count: number, conventional: number, headness: (i: number) => number): number {
  if (conventional < 0) return conventional;
  const own = headness(conventional);
  if (own < 0 || own >= HEADNESS_KEEP) return conventional;
  let best = conventional,
    bestHeadness = own + HEADNESS_MARGIN;
  for (let i = 0; i < count; i++) {
    const h = headness(i);
    if (h > bestHeadness) {
      best = i;
      bestHeadness = h;
    }
  }
  return best;
}
const HEADNESS_KEEP = 0.5; // a conventional head that heads half its labels stays the head
const HEADNESS_MARGIN = 0.2; // another word must head clearly more often to take its place

export interface LabelInput {
  concept: number;
  text: string;
  lang: Lang;
  source: LabelSource;
}

/** Extra weight of the head noun: it names the occupation's family, the other words choose within it. */
export const HEAD_WEIGHT = 2;

/**
 * Exact keys of labels cut to one word (LexiconData.exactKeys): this, then the label's words as written, folded
 * (`=vice principal`). No wording holds it.
 */
export const RAW_EXACT = "=";

/** 1 for each label from one of `sources`, 0 for the others: the labels TitleMatcher.relabel skips. */
export function labelsFrom(lexicon: LexiconData, sources: ReadonlySet<LabelSource>): Uint8Array {
  const picked = LABEL_SOURCES.map((s) => (sources.has(s) ? 1 : 0));
  const out = new Uint8Array(lexicon.entrySource.length);
  for (let e = 0; e < out.length; e++) out[e] = picked[lexicon.entrySource[e]];
  return out;
}

export interface LexiconData {
  concepts: Concept[];
  words: string[];
  wordWeight: Float32Array;
  /** Bit i set: the word occurs in labels of LANGS[i]. */
  wordLangs: Uint8Array;
  /** How often the word is the head of the labels it is in (0–1): see `likelyHead`. */
  wordHeadness: Float32Array;
  /** The labels' texts as their sources write them (entryLabel indexes them), packed: packed-texts.ts. */
  labels: PackedTexts;
  entryConcept: Int32Array;
  entryLabel: Int32Array;
  entryLang: Uint8Array;
  entrySource: Uint8Array;
  /** The entry's head word id (-1: none). */
  entryHead: Int32Array;
  /** Σ word weights of the entry, the head counted HEAD_WEIGHT times. */
  entryMass: Float32Array;
  postingStart: Int32Array;
  postingEntries: Int32Array;
  /** Exact keys (words joined by a space), sorted by code units and packed, with the entries of each. */
  exactKeys: PackedTexts;
  exactStart: Int32Array;
  exactEntries: Int32Array;
  /** Words known before compound splitting, to split a user's compound the way labels were split. */
  compoundWords: string[];
  /** pg_trgm-style index over `words`, to match a misspelt word. */
  wordIndex: TrigramIndex;
  /**
   * pg_trgm-style index over the compound words labels split (`softwareentwickler` → software + entwickler), to read
   * a misspelt or half-typed compound (`Softwareentwick`) as the parts of the nearest one: `words` holds only parts.
   */
  compoundIndex: TrigramIndex;
  /**
   * Words as labels write them (folded, not stemmed; 3+ letters), sorted, with how many labels write each and in
   * which languages (bit i: LANGS[i]): what a begun word may become (typeahead.ts). Not employers' filed titles.
   */
  writtenWords: PackedTexts;
  writtenLabels: Int32Array;
  writtenLangs: Uint8Array;
}

/**
 * The part of a label the lexicon reads: a job-ad headline's role, not its contract, place or pay ("Impiegata
 * amministrativa – part time, Bologna" → "Impiegata amministrativa"); any other label whole.
 */
export function labelReadText(text: string, source: LabelSource): string {
  return source === "job_ad_headline" ? parseHeadline(text).role : text;
}

/** The languages that write compounds as one word, and a role's department after it as a noun of its own. */
const COMPOUNDING: ReadonlySet<Lang> = new Set(["de", "nl"]);

/**
 * Words known to compound splitting: unsplit stems of 3+ letters from German and Dutch labels (the compounding
 * languages; English loanwords there, such as Software, count). English labels' words are left out: with them,
 * English words split into English halves (manager → man + ager, supervisor → super + visor). A job-ad headline's
 * whole text counts, not only its role: its other words (departments, workplaces) are words of the language too, and
 * reading only the role measured worse (German test headlines' major group 85.2 → 84.5, mean of three draws).
 */
function compoundVocabulary(labels: readonly LabelInput[]): Set<string> {
  const known = new Set<string>();
  for (const l of labels) {
    if (!COMPOUNDING.has(l.lang)) continue;
    for (const w of rawWords(l.text)) if (w.length >= 3 && !/\d/.test(w)) known.add(stem(w));
  }
  return known;
}

/**
 * German and Dutch write a role's object or department after it, as a noun of its own (`Mitarbeiter Buchhaltung`,
 * `medewerker afvalsortering`, `manager supermarkt`), and its kind before it as an adjective (`Medizinische
 * Fachangestellte`) or inside the compound (`Verkoopmedewerker`). So in a label of several words, the head is the last
 * word that names a role, not the last word: a role is a word that ends one-word labels (Sachbearbeiter, medewerker;
 * not Buchhaltung, supermarkt, technisch). Labels naming no role keep the last word.
 */
function roleBeforeItsObject(
  entries: {
    lang: Lang;
    words: string[];
    conventional: number;
    head: string | null;
    lastPartOf: number[];
  }[],
) {
  const oneWordLabelsEnded = new Map<string, Set<string>>(); // word → the one-word labels it ends, by their words
  for (const e of entries)
    if (COMPOUNDING.has(e.lang) && e.lastPartOf.length === 1) {
      const last = e.words[e.lastPartOf[0]];
      const labels = oneWordLabelsEnded.get(last) ?? new Set<string>();
      oneWordLabelsEnded.set(last, labels.add(e.words.join(" ")));
    }
  const namesRole = (word: string) => (oneWordLabelsEnded.get(word)?.size ?? 0) >= ROLE_LABELS;
  for (const e of entries) {
    if (!COMPOUNDING.has(e.lang) || e.lastPartOf.length < 2 || e.conventional !== e.words.length - 1) continue;
    const role = e.lastPartOf.findLast((end) => namesRole(e.words[end]));
    if (role === undefined || role === e.conventional) continue;
    e.conventional = role;
    e.head = e.words[role];
  }
}
/** One-word labels a word must end to count as naming a role (one could be a stray: a department used as a title). */
const ROLE_LABELS = 2;

/** Words as labels write them, with how many labels write each, in which languages (LexiconData.writtenWords). */
function writtenVocabulary(labels: readonly LabelInput[]) {
  const count = new Map<string, number>();
  const langs = new Map<string, number>();
  for (const l of labels) {
    if (US_PATH_ONLY.includes(l.source)) continue;
    for (const w of new Set(rawWords(labelReadText(l.text, l.source)))) {
      if (w.length < 3 || /\d/.test(w)) continue;
      count.set(w, (count.get(w) ?? 0) + 1);
      langs.set(w, (langs.get(w) ?? 0) | (1 << LANGS.indexOf(l.lang)));
    }
  }
  const words = [...count.keys()].sort();
  return {
    writtenWords: PackedTexts.of(words),
    writtenLabels: Int32Array.from(words, (w) => count.get(w)!),
    writtenLangs: Uint8Array.from(words, (w) => langs.get(w)!),
  };
}

/** The words of `known` that split into parts the lexicon holds, sorted. */
function splitCompounds(known: ReadonlySet<string>, wordId: ReadonlyMap<string, number>): string[] {
  return [...known]
    .filter((w) => {
      const parts = splitCompound(w, known);
      return parts.length > 1 && parts.every((p) => wordId.has(p));
    })
    .sort();
}

export function buildLexicon(concepts: Concept[], labels: readonly LabelInput[]): LexiconData {
  const known = compoundVocabulary(labels);
  const labelTexts: string[] = [];
  interface Entry {
    concept: number;
    label: number;
    lang: Lang;
    source: LabelSource;
    words: string[];
    conventional: number;
    head: string | null;
    lastPartOf: number[];
    /** In the exact index: not a wording of one word cut out of several (`Kitchen Staff` is no label `Kitchen`). */
    exact: boolean;
    /** Such cut labels' words as written (RAW_EXACT keys): `Vice Principal` typed in full is still that label. */
    rawKeys: string[];
  }
  const entries: Entry[] = [];
  const seen = new Map<string, Entry>();
  // Wordings already in the lexicon: a U.S.-path-only label (an employer's filed title) adds a wording the lexicon
  // lacks, never a second code for one it has ("Data Scientist II" filed as 19-1029 beside O*NET's title); among
  // filed titles of one wording, the first (the most filed: lexiconInputs orders them) keeps it.
  const knownWordings = new Set<string>();
  // Most authoritative sources first, so a duplicate (same concept, same words) keeps the better source.
  const ordered = [...labels].sort((a, b) => LABEL_SOURCES.indexOf(a.source) - LABEL_SOURCES.indexOf(b.source));
  for (const l of ordered) {
    let labelId = -1; // stored only once an entry keeps it: most duplicates are dropped whole
    // No headline whose role has a rank the matcher would drop: coders coded "Stv. Filialleitung" a shop supervisor
    // (5222), not every "Filialleitung".
    const text = labelReadText(l.text, l.source);
    if (l.source === "job_ad_headline" && saysRankOrTerms(text)) continue;
    const whole = slashVariants(stripMarkers(text));
    for (const variant of l.source.startsWith("onet_") ? [...whole, ...whole.flatMap(bracketedForms)] : whole) {
      const tw = titleWords(variant, known);
      if (!tw.words.length) continue;
      const wording = tw.words.join(" ");
      const dedupe = `${l.concept}|${wording}`;
      // A label of several words whose words but one are level, schedule or filler words (`Overnight Associate`,
      // `L and D Specialist`, `Field Worker`) names no role by that one word: not an exact match for it.
      const exact = tw.words.length > 1 || !/\S\s+\S/u.test(variant.trim());
      const rawKeys = exact ? [] : [RAW_EXACT + rawWords(variant).join(" ")];
      const twin = seen.get(dedupe);
      if (twin) {
        // A filed title the EU path does not read makes no label exact there.
        if (!US_PATH_ONLY.includes(l.source)) {
          twin.exact ||= exact;
          twin.rawKeys.push(...rawKeys);
        }
        continue;
      }
      if (US_PATH_ONLY.includes(l.source) && knownWordings.has(wording)) continue;
      knownWordings.add(wording);
      if (labelId < 0) labelId = labelTexts.push(l.text) - 1;
      const conventional = HEAD_FIRST.has(l.lang) ? tw.headFirst : tw.headLast;
      entries.push({
        concept: l.concept,
        label: labelId,
        lang: l.lang,
        source: l.source,
        words: tw.words,
        conventional,
        head: tw.words[conventional] ?? null,
        lastPartOf: tw.lastPartOf,
        exact,
        rawKeys,
      });
      seen.set(dedupe, entries[entries.length - 1]);
    }
  }
  roleBeforeItsObject(entries);

  // Heads: by convention first, then twice by how often each word heads the labels it is in (the first count is
  // skewed by labels whose convention is wrong, such as Dutch "medewerker openbaar vervoer").
  let headness = new Map<string, number>();
  for (let round = 0; round < 3; round++) {
    if (round > 0)
      for (const e of entries)
        e.head = e.words[likelyHead(e.words.length, e.conventional, (i) => headness.get(e.words[i]) ?? -1)] ?? null;
    const heads = new Map<string, number>(),
      total = new Map<string, number>();
    for (const e of entries)
      for (const w of new Set(e.words)) {
        total.set(w, (total.get(w) ?? 0) + 1);
        if (w === e.head) heads.set(w, (heads.get(w) ?? 0) + 1);
      }
    headness = new Map([...total].map(([w, n]) => [w, (heads.get(w) ?? 0) / n]));
  }

  // Word weights: inverse document frequency over concepts (a word on many occupations' labels says little).
  const conceptsOf = new Map<string, Set<number>>();
  const langsOf = new Map<string, number>();
  for (const e of entries)
    for (const w of e.words) {
      let set = conceptsOf.get(w);
      if (!set) conceptsOf.set(w, (set = new Set()));
      set.add(e.concept);
      langsOf.set(w, (langsOf.get(w) ?? 0) | (1 << LANGS.indexOf(e.lang)));
    }
  const words = [...conceptsOf.keys()].sort();
  const wordId = new Map(words.map((w, i) => [w, i]));
  const wordWeight = Float32Array.from(words, (w) => Math.log(1 + concepts.length / conceptsOf.get(w)!.size));
  const wordLangs = Uint8Array.from(words, (w) => langsOf.get(w)!);
  const wordHeadness = Float32Array.from(words, (w) => headness.get(w)!);

  const n = entries.length;
  const entryConcept = new Int32Array(n),
    entryLabel = new Int32Array(n),
    entryHead = new Int32Array(n);
  const entryLang = new Uint8Array(n),
    entrySource = new Uint8Array(n),
    entryMass = new Float32Array(n);
  const postings = words.map(() => [] as number[]);
  const exact = new Map<string, number[]>();
  entries.forEach((e, i) => {
    entryConcept[i] = e.concept;
    entryLabel[i] = e.label;
    entryLang[i] = LANGS.indexOf(e.lang);
    entrySource[i] = LABEL_SOURCES.indexOf(e.source);
    entryHead[i] = e.head === null ? -1 : wordId.get(e.head)!;
    let mass = 0;
    for (const w of new Set(e.words)) {
      const id = wordId.get(w)!;
      mass += wordWeight[id] * (w === e.head ? HEAD_WEIGHT : 1);
      postings[id].push(i);
    }
    entryMass[i] = mass;
    for (const key of new Set(e.exact ? [e.words.join(" "), ...e.rawKeys] : e.rawKeys)) {
      const list = exact.get(key);
      if (list) list.push(i);
      else exact.set(key, [i]);
    }
  });
  const flat = (lists: number[][]) => {
    const start = new Int32Array(lists.length + 1);
    lists.forEach((l, i) => (start[i + 1] = start[i] + l.length));
    const all = new Int32Array(start[lists.length]);
    lists.forEach((l, i) => all.set(l, start[i]));
    return { start, all };
  };
  const p = flat(postings);
  const exactKeys = [...exact.keys()].sort();
  const x = flat(exactKeys.map((k) => exact.get(k)!));
  return {
    concepts,
    words,
    wordWeight,
    wordLangs,
    wordHeadness,
    labels: PackedTexts.of(labelTexts),
    entryConcept,
    entryLabel,
    entryLang,
    entrySource,
    entryHead,
    entryMass,
    postingStart: p.start,
    postingEntries: p.all,
    exactKeys: PackedTexts.of(exactKeys),
    exactStart: x.start,
    exactEntries: x.all,
    compoundWords: [...known].sort(),
    wordIndex: new TrigramIndex(words),
    compoundIndex: new TrigramIndex(splitCompounds(known, wordId)),
    ...writtenVocabulary(labels),
  };
}
