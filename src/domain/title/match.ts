// Free-text job title → occupation, in any of seven languages, for a U.S. path (an O*NET-SOC code) or an EU path
// (an ISCO-08 unit group). Tiers, tried in order:
//   exact    the title's words equal a label's words (method alias / esco_label / national_title by the label's source);
//   trigram  the label with the best weighted word overlap (rare words and the head noun weigh more; a misspelt
//            word matches the vocabulary by pg_trgm similarity);
//   pattern  the title is a fragment inside an O*NET title (the shortest such title).
// This is the first stage: a headline is read first (headline.ts), word votes (word-votes.ts) add up to 10 groups
// the tiers missed, a coding convention may add its occupation (conventions.ts), and with a ranker (ranker.ts) the
// proposals are re-ordered and every answer's confidence is the calibrated probability that it is right; without
// one, first-stage order and score-based confidence.
import {
  LANGS,
  HEAD_FIRST,
  slashVariants,
  stripMarkers,
  regionalForm,
  titleWords,
  splitCompound,
  fold,
  halfWidth,
  rawWords,
  type Lang,
  type TitleWords,
} from "./text.ts";
import {
  LABEL_SOURCES,
  US_PATH_ONLY,
  HEAD_WEIGHT,
  likelyHead,
  labelReadText,
  RAW_EXACT,
  type Concept,
  type LabelSource,
  type LexiconData,
} from "./lexicon.ts";
import { round } from "../rounding.ts";
import { Lru } from "../lru.ts";
import { notATitle, parseHeadline, type Headline } from "./headline.ts";
import { codingConvention } from "./conventions.ts";
import { RERANK_POOL, rerank, type CandidateFacts, type RankerModel, type TitleFacts } from "./ranker.ts";
import { WordVotes } from "./word-votes.ts";
import { FragmentIndex } from "./fragment-index.ts";

export type MatchTarget = "soc" | "isco";
export const MATCH_METHODS = [
  "code",
  "alias",
  "esco_label",
  "national_title",
  "trigram",
  "pattern",
  "convention",
  "word_votes",
] as const;
export type MatchMethod = (typeof MATCH_METHODS)[number];

/**
 * Below its path's threshold a salary answer (E1–E3) is a 404 with the candidates as suggestions, not figures for a
 * guess: the ranker's, set from its calibration curve (ranker.ts), or this one for a matcher without a ranker.
 */
export const MATCH_CONFIDENCE_THRESHOLD = 0.5;

export interface Candidate {
  concept: Concept;
  /** The code the path uses: O*NET-SOC (target soc) or ISCO-08 unit group (target isco), and its title there. */
  code: string;
  codeTitle: string;
  score: number;
  confidence: number;
  /** The label that matched, as its source writes it, its language and source (null when a code was given). */
  label: string | null;
  labelLang: Lang | null;
  labelSource: LabelSource | null;
}

export interface TitleMatch {
  best: Candidate;
  alternatives: Candidate[];
  method: MatchMethod;
  confidence: number;
}

export interface MatchOptions {
  target: MatchTarget;
  /** ISO country of the request's place: its languages are the likelier ones for the title. */
  country?: string | null;
  /** How many occupations to rank (the answer and its alternatives): 4 by default; more to measure candidate recall. */
  candidates?: number;
  /** Entries to leave out (1 = skip): how the ranker's training scores a fold as if its titles were unseen. */
  withheld?: Uint8Array;
}

/** A first-stage candidate: the occupation, its best label, and what the ranker reads of it. */
interface Proposal extends CandidateFacts {
  conceptId: number;
  entry: number;
  code: string;
}

/** An occupation the label tiers touched (or the word votes proposed: entry -1), as the first stage ranks it. */
interface Ranked {
  conceptId: number;
  entry: number;
  exact: boolean;
  score: number;
  titleCover: number;
  labelCover: number;
  code: string;
  employment: number;
}

/** The first stage's proposals for a title, best score first, and what it read of the title. */
export interface FirstStage {
  proposals: Proposal[];
  title: TitleFacts;
  patternFirst: boolean;
}

const COUNTRY_LANGS: Record<string, Lang[]> = {
  US: ["en"],
  GB: ["en"],
  IE: ["en"],
  MT: ["en"],
  DE: ["de"],
  AT: ["de"],
  LI: ["de"],
  CH: ["de", "fr", "it"],
  LU: ["fr", "de"],
  FR: ["fr"],
  BE: ["nl", "fr"],
  NL: ["nl"],
  PL: ["pl"],
  ES: ["es"],
  IT: ["it"],
  SM: ["it"],
};
/** Bit i set for each of `country`'s languages (LANGS[i]); every bit for a country without any. */
function languageMask(country: string | null): number {
  const langs = COUNTRY_LANGS[country ?? ""];
  return langs ? langs.reduce((mask, l) => mask | (1 << LANGS.indexOf(l)), 0) : -1;
}

// Remembered answers: a few thousand titles (a few MB); longer texts are not kept (they rarely repeat).
const MEMO_ENTRIES = 4096;
const MEMO_TITLE_LENGTH = 200;
const UNKNOWN_WORD_WEIGHT = 1; // a word no label has (a place, a company, a code) counts, but little
const FUZZY_WORD_SIMILARITY = 0.45; // pg_trgm similarity for a misspelt word to stand for a known one
// … and for a word to stand for a compound's parts: higher, as a compound that shares only one part with the word
// (`trekkerchauffeur`, tractor driver, and `truckchauffeur`, 0.45) is another occupation.
const FUZZY_COMPOUND_SIMILARITY = 0.6;
const REWRITE_FACTOR = 0.97; // a rewritten title (Head of X → X manager) ranks just below a literal match
// An occupation reached through a crosswalk ranks below one the path's own classification names: on a U.S. path an
// O*NET title outranks an ESCO label of equal fit (the crosswalk is many-to-many), less so on an EU path.
const FOREIGN_FACTOR: Record<MatchTarget, number> = { soc: 0.85, isco: 0.9 };
// SOC's helpers of a trade, and the words by which a title says it helps one (a ranker feature: ranker.ts).
const HELPER_OCCUPATIONS = new Set([
  "47-3011",
  "47-3012",
  "47-3013",
  "47-3014",
  "47-3015",
  "47-3016",
  "47-3019",
  "47-5081",
  "49-9098",
  "51-9198",
]);
const HELPING =
  /help|hlpr|assist|asst|apprent|tender|\bmate\b|\bcub\b|labou?r|trainee|\baide|carrier|helfer|ayudante|aiuto|aide-|pomocnik|hulp/iu;
const PATTERN_BELOW = 0.35; // the pattern tier runs only when no label scores this much
const CANDIDATE_FLOOR = 0.15; // a label scoring less is no candidate, not even an alternative
// A label the title only overlaps ranks below one it equals, even one reached through a crosswalk (×0.9):
// "nurse" is the O*NET title Nurse before the ESCO label "specialist nurse".
const OVERLAP_FACTOR = 0.95;
// The word votes' best groups (word-votes.ts) join the label tiers' proposals when these do not hold them: on the
// employer titles' dev split this lifts the right code's presence among the candidates by about 5 points.
const WORD_VOTE_PROPOSALS = 10;
/** How many touched occupations per chosen one are ordered first (rank): enough for nearly every title. */
const PRESORTED = 6;
/** Ranks past this one are all the same to the ranker (and need not be known exactly). */
const WORD_VOTE_RANKS = 50;

// Leadership forms → the manager occupation of that function; HR systems' inverted titles → natural order.
const FUNCTION_SYNONYMS = new Map<string, string>([
  ["people", "human resources"],
  ["talent", "human resources"],
  ["people operations", "human resources"],
  ["personnel", "human resources"],
]);
const LEADER =
  /^(?:head|director|vice president|vp|svp|evp|avp|gm|general manager|leiter|leiterin|leitung)\s*(?:of|for|,|-|–)?\s+(?:the\s+)?(.+)$/iu;
const CHIEF = /^chief\s+(.+?)\s+officer$/iu;
// "Director de Tienda", "Leiter der Buchhaltung": the function after a Spanish, French, Dutch or German preposition is
// no English function to write before "manager" (the words would not meet a label); "Head of DEI" still is one.
const OTHER_LANGUAGE_OBJECT = /^(?:d['’]|(?:de|del|des|du|van|von|der|für)(?=\s))/iu;
const FUNCTION_DIRECTOR = /^(.+?)\s+(?:director|head|lead|leiter|leiterin|leitung)$/iu;

// German ads name many roles by the function, gender-neutrally ("Filialleitung", "Teamassistenz",
// "Sachbearbeitung Personal"), where labels name the person ("Filialleiter", "Teamassistent"): the person's form is
// tried too, just below the title as written. Only the role's first noun (after an adjective or a seniority:
// "Kaufmännische Sachbearbeitung", "Senior Teamleitung"): later ones are its object or department ("Assistenz der
// Geschäftsführung", "Mitarbeiter Buchhaltung"). Only endings no other language's words have.
const NOMINAL_ROLES: [RegExp, string][] = [
  [/(leit|plan|prüf|betreu|verwalt|bearbeit|buchhalt|entwickl)ung$/iu, "$1er"],
  [/führung$/iu, "führer"],
  [/assistenz$/iu, "assistent"],
];
const NOMINAL_ENDING = /(?:ung|assistenz)(?![\p{L}])/iu;
const BEFORE_ROLE_NOUN = /^(?:\p{L}+(?:isch|lich|end|ig|al|iv|ell|är)e|stv\.|stellv\.|senior|junior|sr\.?|jr\.?)$/iu;
/** The title with its German function noun as the person's noun, or null if it has none. */
function personForm(text: string): string | null {
  if (!NOMINAL_ENDING.test(text)) return null; // most titles: one search
  const words = text.split(" ");
  let at = 0; // past up to two adjectives or a seniority: "Senior Kaufmännische Sachbearbeitung"
  while (at < 2 && at < words.length - 1 && BEFORE_ROLE_NOUN.test(words[at])) at++;
  const noun = words[at];
  const rule = NOMINAL_ROLES.find(([ending]) => ending.test(noun));
  if (!rule) return null;
  const replaced = noun.replace(rule[0], rule[1]);
  // A whole word replaced ("Leitung" → "leiter") keeps its capital.
  const cased = noun[0] === noun[0].toUpperCase() ? replaced[0].toUpperCase() + replaced.slice(1) : replaced;
  return [...words.slice(0, at), cased, ...words.slice(at + 1)].join(" ");
}

// What follows a spaced dash, and what is in brackets, qualifies a title (department, place, hours, client):
// "Timmerman (bouw)", "Enfermero/a – Urgencias". The title without them is tried too, just below the whole, and
// only as an exact label: its overlap with other labels adds nothing the whole title's does not.
const QUALIFIERS = /\s+[-–—|]\s+.*$|\([^)]*\)|\[[^\]]*\]/gu;
const QUALIFIED_FACTOR = 0.98;
/** A headline segment other than the role's ranks below it: "Żandarmeria Wojskowa – żołnierz zawodowy". */
const SEGMENT_FACTOR = 0.9;

export interface TitleVariant {
  text: string;
  factor: number;
  exactOnly: boolean;
}

/**
 * The title's role as written (a headline's role: headline.ts), and the rewrites that may name it better, each with
 * its rank factor; then a headline's other segments, below them (a role may follow its employer).
 */
export function titleVariants(
  title: string,
  headline: Headline = parseHeadline(title),
  langs: readonly Lang[] = [],
): TitleVariant[] {
  const out: TitleVariant[] = [];
  const whole = stripMarkers(headline.role).replace(/\s+/g, " ").trim();
  const core = whole.replace(QUALIFIERS, " ").replace(/\s+/g, " ").trim();
  // The role as written, before its contract, schedule or pay words came out, is tried as an exact label too:
  // "Relief Worker" and "Permanent Secretary" are occupations, not a worker on relief.
  const asWritten =
    headline.roleAsWritten === headline.role ? whole : stripMarkers(headline.roleAsWritten).replace(/\s+/g, " ").trim();
  const forms = [
    { text: whole, factor: 1, exactOnly: false },
    ...(core && core !== whole ? [{ text: core, factor: QUALIFIED_FACTOR, exactOnly: true }] : []),
    ...(asWritten && asWritten !== whole ? [{ text: asWritten, factor: 1, exactOnly: true }] : []),
  ];
  for (const form of forms)
    for (const v of slashVariants(form.text)) {
      out.push({ text: v, factor: form.factor, exactOnly: form.exactOnly });
      // An abbreviation of the country's language spelt out means what the title says: no lower rank.
      const regional = regionalForm(v, langs);
      if (regional) out.push({ text: regional, factor: form.factor, exactOnly: form.exactOnly });
      const core = v.replace(
        /^(?:senior|sr\.?|junior|jr\.?|associate|assistant|deputy|interim|acting|global|regional)\s+/iu,
        "",
      );
      const fn = LEADER.exec(core)?.[1] ?? CHIEF.exec(core)?.[1] ?? FUNCTION_DIRECTOR.exec(core)?.[1];
      if (fn && !OTHER_LANGUAGE_OBJECT.test(fn))
        out.push({
          text: `${FUNCTION_SYNONYMS.get(fn.toLowerCase()) ?? fn} manager`,
          factor: form.factor * REWRITE_FACTOR,
          exactOnly: form.exactOnly,
        });
      const person = personForm(v);
      if (person) out.push({ text: person, factor: form.factor * REWRITE_FACTOR, exactOnly: form.exactOnly });
      const comma = /\d,\d/.test(v) ? null : /^([^,]+),\s*([^,]+)$/.exec(v);
      if (comma)
        out.push({ text: `${comma[2]} ${comma[1]}`, factor: form.factor * REWRITE_FACTOR, exactOnly: form.exactOnly });
    }
  for (const segment of headline.segments)
    for (const v of slashVariants(stripMarkers(segment)))
      out.push({ text: v, factor: SEGMENT_FACTOR, exactOnly: false });
  return out;
}

export class TitleMatcher {
  private readonly compound: Set<string>;
  /**
   * Per label, three numbers side by side (one cache line, where three arrays cost three): for the title being
   * matched, the weight both sides share and the title's side of it; then the label's own mass (entryMass).
   */
  private readonly sums: Float32Array;
  /** Per label, what the hot loops read of it packed in one number: its occupation, language, source, head order. */
  private readonly entryBits: Int32Array;
  private readonly touched: Int32Array;
  private readonly conceptIndex: Map<string, number>;
  // Per-occupation best score of the title being matched, reset after each match (single-threaded, reused).
  private readonly conceptScore: Float32Array;
  private readonly conceptEntry: Int32Array;
  private readonly conceptExact: Uint8Array;
  private readonly conceptTitleCover: Float32Array;
  private readonly conceptLabelCover: Float32Array;
  private readonly conceptTouched: Int32Array;
  // Per occupation, the votes of every label the literal title matches (Σ score²), and of filed titles alone:
  // many labels of one occupation agreeing is evidence its best label alone does not carry.
  private readonly conceptVote: Float32Array;
  private readonly conceptFiledVote: Float32Array;
  private conceptCount = 0;
  /** Scratch for ordering the touched occupations (rank): sort keys, and a histogram of their scores. */
  private readonly sortKeys: Float64Array;
  private readonly scoreBins = new Int32Array(1024);
  /** Job-ad headline labels as answers show them (shownLabel), by label id. */
  private readonly shownLabels = new Map<number, string>();
  /** The words of the title being matched, and a number no other title's match has (stamps what is known of it). */
  private titleWordList: readonly string[] = [];
  private titleStamp = 0;
  /** Per occupation, how many of the title's words its code's own title has, when stamped with the title's stamp. */
  private readonly sharedStamp: Int32Array;
  private readonly sharedCount: Int16Array;
  /** Per path and occupation, the words of its code's own title, split when first needed. */
  private readonly ownTitleWords: Record<MatchTarget, (readonly string[] | null)[]>;
  private readonly pathFactors: Record<MatchTarget, Float32Array>;
  /** Per path, each occupation's group (groupOf its code) as a number, -1 without a code; votes add up by group. */
  private readonly groupIds: Record<MatchTarget, Int32Array>;
  private readonly groupVote: Record<MatchTarget, Float32Array>;
  private readonly groupFiledVote: Record<MatchTarget, Float32Array>;
  private readonly wordVotes: Record<MatchTarget, WordVotes>;
  /** The head noun's word id of the title being matched (-1: none known). */
  private titleHead = -1;
  /** Per path and group, the occupation that stands for the group when only word votes propose it. */
  private readonly groupConcept: Record<MatchTarget, Int32Array>;
  private readonly wordIds: Map<string, number>;
  /** Per path, 1 where a word is in some label the path reads (the EU path skips filed U.S. titles). */
  private readonly wordOnPath: Record<MatchTarget, Uint8Array>;
  /** O*NET labels folded, by their words: the pattern tier's (built on its first use). */
  private onetFragments: FragmentIndex<{ text: string; entry: number }> | null = null;

  private readonly memo = new Lru<string, TitleMatch | null>(MEMO_ENTRIES);

  /** `ranker`: the second stage learned at snapshot build time; without it, first-stage order and confidence. */
  constructor(
    readonly lexicon: LexiconData,
    readonly ranker: RankerModel | null = null,
  ) {
    // Over the 190,000 labels and 36,000 words, plain loops, not Map(array.map(…)) or TypedArray.from(…, fn): they run
    // once, at start-up, before the JIT has compiled anything, where the iterator protocol costs several times the loop.
    this.compound = new Set<string>();
    for (const word of lexicon.compoundWords) this.compound.add(word);
    const { entryMass } = lexicon;
    this.sums = new Float32Array(3 * entryMass.length);
    for (let e = 0; e < entryMass.length; e++) this.sums[3 * e + 2] = entryMass[e];
    this.entryBits = packEntries(lexicon);
    this.touched = new Int32Array(lexicon.entryConcept.length);
    this.conceptIndex = new Map();
    lexicon.concepts.forEach((c, i) => this.conceptIndex.set(c.key, i));
    this.wordIds = new Map();
    for (let i = 0; i < lexicon.words.length; i++) this.wordIds.set(lexicon.words[i], i);
    const onEuPath = new Uint8Array(lexicon.words.length);
    for (let id = 0; id < lexicon.words.length; id++)
      for (let k = lexicon.postingStart[id]; k < lexicon.postingStart[id + 1] && !onEuPath[id]; k++)
        if (lexicon.entrySource[lexicon.postingEntries[k]] !== US_ONLY_SOURCE) onEuPath[id] = 1;
    this.wordOnPath = { soc: new Uint8Array(lexicon.words.length).fill(1), isco: onEuPath };
    const n = lexicon.concepts.length;
    if (n >= 2 ** 16) throw new Error("TitleMatcher ranks at most 65,536 occupations (see rank and packEntries)");
    this.conceptScore = new Float32Array(n);
    this.conceptEntry = new Int32Array(n);
    this.conceptExact = new Uint8Array(n);
    this.conceptTitleCover = new Float32Array(n);
    this.conceptLabelCover = new Float32Array(n);
    this.conceptVote = new Float32Array(n);
    this.conceptFiledVote = new Float32Array(n);
    this.conceptTouched = new Int32Array(n);
    this.sortKeys = new Float64Array(n);
    this.sharedStamp = new Int32Array(n);
    this.sharedCount = new Int16Array(n);
    // Filled, not grown: an array written at scattered indices becomes a slow sparse one.
    this.ownTitleWords = { soc: new Array(n).fill(null), isco: new Array(n).fill(null) };
    this.pathFactors = {
      soc: Float32Array.from(lexicon.concepts, (c) => pathFactor(c, "soc")),
      isco: Float32Array.from(lexicon.concepts, (c) => pathFactor(c, "isco")),
    };
    const groups = (target: MatchTarget) => {
      const index = new Map<string, number>();
      const ids = Int32Array.from(lexicon.concepts, (c) => {
        const code = target === "soc" ? c.soc : c.isco;
        if (!code) return -1;
        const group = groupOf(code, target);
        let id = index.get(group);
        if (id === undefined) index.set(group, (id = index.size));
        return id;
      });
      return { ids, count: index.size };
    };
    const socGroups = groups("soc"),
      iscoGroups = groups("isco");
    this.groupIds = { soc: socGroups.ids, isco: iscoGroups.ids };
    const groupCount = (target: MatchTarget) => (target === "soc" ? socGroups : iscoGroups).count;
    this.groupVote = { soc: new Float32Array(groupCount("soc")), isco: new Float32Array(groupCount("isco")) };
    this.groupFiledVote = { soc: new Float32Array(groupCount("soc")), isco: new Float32Array(groupCount("isco")) };
    this.wordVotes = {
      soc: new WordVotes(lexicon, this.groupIds.soc, groupCount("soc"), -1),
      isco: new WordVotes(lexicon, this.groupIds.isco, groupCount("isco"), US_ONLY_SOURCE),
    };
    // A group's own occupation stands for it: the O*NET one on the U.S. path (.00 first), the ISCO unit group's on
    // the EU path; else its first occupation.
    const representative = (target: MatchTarget) => {
      const out = new Int32Array(groupCount(target)).fill(-1);
      const own = (c: Concept) => (target === "soc" ? c.kind === "onet" && c.key.endsWith(".00") : c.kind === "isco");
      lexicon.concepts.forEach((c, id) => {
        const g = this.groupIds[target][id];
        if (g >= 0 && (out[g] < 0 || (own(c) && !own(lexicon.concepts[out[g]])))) out[g] = id;
      });
      return out;
    };
    this.groupConcept = { soc: representative("soc"), isco: representative("isco") };
  }

  /**
   * Words labels write (folded, as `rawWords` gives them) that begin with `begun`, in a language of `country` when it
   * has one, most labels first: what a begun word may become (`engin` → engineer, engine).
   */
  completions(begun: string, country: string | null, limit: number): { word: string; labels: number }[] {
    const { writtenWords, writtenLabels, writtenLangs } = this.lexicon;
    const mask = languageMask(country);
    const found: { word: string; labels: number }[] = [];
    for (let i = writtenWords.firstAtOrAfter(begun); i < writtenWords.length; i++) {
      const word = writtenWords.at(i);
      if (!word.startsWith(begun)) break;
      if (writtenLangs[i] & mask) found.push({ word, labels: writtenLabels[i] });
    }
    return found.sort((a, b) => b.labels - a.labels || (a.word < b.word ? -1 : 1)).slice(0, limit);
  }

  /** How many labels write `word` (folded), in a language of `country` when it has one. */
  labelsWriting(word: string, country: string | null): number {
    const i = this.lexicon.writtenWords.sortedIndexOf(word);
    return i >= 0 && this.lexicon.writtenLangs[i] & languageMask(country) ? this.lexicon.writtenLabels[i] : 0;
  }

  /**
   * Another label for a candidate: among the labels `skip` leaves (1 = skip), in the language of the candidate's own,
   * one of an occupation in the candidate's group on `target` (its 6-digit SOC, its ISCO unit group) that shares the
   * most word weight with `typed` (what the user typed, as it may be read), then with the candidate's own label,
   * the shortest of equals; null when none shares a word with `typed`. X9 shows it for an occupation whose best label
   * is one no one would pick (a job-ad headline, an employer's filed title).
   */
  relabel(candidate: Candidate, target: MatchTarget, skip: Uint8Array, typed: readonly string[]): Candidate | null {
    const lx = this.lexicon;
    const conceptId = this.conceptIndex.get(candidate.concept.key);
    if (!candidate.label || !candidate.labelLang || conceptId === undefined) return null;
    const groups = this.groupIds[target];
    const group = groups[conceptId];
    if (group < 0) return null; // no code on this path: no group to share
    const lang = LANGS.indexOf(candidate.labelLang);
    const weights = (texts: readonly string[]) => {
      const shared = new Map<number, number>(); // label → the weight of the words it shares
      const words = new Set(texts.flatMap((t) => titleWords(t, this.compound).words));
      for (const word of words) {
        const id = this.wordIds.get(word);
        if (id === undefined) continue;
        for (let k = lx.postingStart[id]; k < lx.postingStart[id + 1]; k++) {
          const e = lx.postingEntries[k];
          if (!skip[e] && lx.entryLang[e] === lang && groups[lx.entryConcept[e]] === group)
            shared.set(e, (shared.get(e) ?? 0) + lx.wordWeight[id]);
        }
      }
      return shared;
    };
    const byTyped = weights(typed),
      byLabel = weights([candidate.label]);
    let best = -1;
    const better = (e: number, than: number) =>
      byTyped.get(e)! - byTyped.get(than)! ||
      (byLabel.get(e) ?? 0) - (byLabel.get(than) ?? 0) ||
      lx.entryMass[than] - lx.entryMass[e];
    for (const e of byTyped.keys()) if (best < 0 || better(e, best) > 0) best = e;
    if (best < 0) return null;
    return {
      ...candidate,
      label: lx.labels.at(lx.entryLabel[best]),
      labelLang: LANGS[lx.entryLang[best]],
      labelSource: LABEL_SOURCES[lx.entrySource[best]],
    };
  }

  /** The confidence an answer on this path needs (below it: a 404 with the candidates). */
  threshold(target: MatchTarget): number {
    return this.ranker?.[target].threshold ?? MATCH_CONFIDENCE_THRESHOLD;
  }

  /**
   * An occupation code instead of a title: SOC 2018 (15-1252), O*NET-SOC (15-1252.00) or an ISCO-08 unit group
   * (2512). Null when the code is unknown, or an ISCO code is asked for a U.S. path (ISCO maps to SOC many-to-many).
   */
  matchCode(code: string, target: MatchTarget): TitleMatch | null {
    const text = code.trim();
    let id: number | undefined;
    if (/^\d{2}-\d{4}\.\d{2}$/.test(text)) id = this.conceptIndex.get(text);
    else if (/^\d{2}-\d{4}$/.test(text))
      id =
        this.conceptIndex.get(`${text}.00`) ??
        this.lexicon.concepts.findIndex((c) => c.kind === "onet" && c.key.startsWith(`${text}.`));
    else if (/^\d{4}$/.test(text) && target === "isco") id = this.conceptIndex.get(`isco:${text}`);
    const concept = id === undefined || id < 0 ? undefined : this.lexicon.concepts[id];
    const resolved = concept && (target === "soc" ? concept.soc : concept.isco);
    if (!concept || !resolved) return null;
    const best: Candidate = {
      concept,
      code: resolved,
      codeTitle: this.codeTitle(resolved, target),
      score: 1,
      confidence: 1,
      label: null,
      labelLang: null,
      labelSource: null,
    };
    return { best, alternatives: [], method: "code", confidence: 1 };
  }

  /**
   * A title's answer, remembered (titles repeat: every report's records, every client's favourite query); the
   * lexicon and ranker never change, so a remembered answer is the answer. Answers are shared: read, never alter.
   */
  match(title: string, options: MatchOptions): TitleMatch | null {
    if (options.withheld || title.length > MEMO_TITLE_LENGTH) return this.matchUncached(title, options);
    return this.memo.get(`${options.target}|${options.country ?? ""}|${options.candidates ?? 4}|${title}`, () =>
      this.matchUncached(title, options),
    );
  }

  /** The same answer, computed afresh (benchmarks measure this). */
  matchUncached(title: string, options: MatchOptions): TitleMatch | null {
    const wanted = options.candidates ?? 4;
    const model = this.ranker?.[options.target];
    const stage = this.firstStage(title, options, model ? Math.max(wanted, RERANK_POOL) : wanted);
    if (!stage.proposals.length) return null;
    const ordered = model
      ? rerank(stage.proposals, stage.title, model, wanted).map((p) => ({ ...p, confidence: p.probability }))
      : withConfidence(stage.proposals);
    const candidates = ordered.slice(0, wanted).map((r) => this.candidate(r, options.target));
    const top = ordered[0];
    const method: MatchMethod = top.convention
      ? "convention"
      : top.pattern
        ? "pattern"
        : top.exact
          ? exactMethod(top.source!)
          : top.source === null
            ? "word_votes"
            : "trigram";
    return { best: candidates[0], alternatives: candidates.slice(1), method, confidence: candidates[0].confidence };
  }

  /** The lexicon tiers' proposals: up to `pool` occupations by score, and what the ranker reads of the title. */
  firstStage(typed: string, options: MatchOptions, pool: number): FirstStage {
    const title = halfWidth(typed);
    const headline = parseHeadline(title);
    if (notATitle(title, headline))
      return {
        proposals: [],
        title: { words: 0, unknownShare: 1, allCaps: false, digits: false, headness: 0 },
        patternFirst: false,
      };
    const langs = COUNTRY_LANGS[options.country ?? ""] ?? [];
    const variants = titleVariants(title, headline, langs);
    this.titleHead = -1; // set by the role's variant, if it has words
    const words = new Set<string>();
    variants.forEach((variant, i) => {
      for (const w of this.scoreVariant(variant, options, i === 0)) words.add(w);
    });
    this.startTitle([...words]);
    let ranked = this.rank(options.target, pool);
    let patternFirst = false;
    if (!ranked.length || ranked[0].score < PATTERN_BELOW) {
      const pattern = this.pattern(title, options.target);
      if (pattern) {
        ranked = [pattern, ...ranked.filter((r) => r.code !== pattern.code)];
        patternFirst = true;
      }
    }
    let unknown = 0;
    for (const w of words) {
      const id = this.wordIds.get(w);
      if (id === undefined || !this.readable(id, options.target, options.withheld ?? null)) unknown++;
    }
    const lx = this.lexicon;
    const saysNoHelping = !HELPING.test(title);
    const proposals = ranked.map(
      (r, i): Proposal => ({
        conceptId: r.conceptId,
        concept: lx.concepts[r.conceptId].key,
        entry: r.entry,
        code: r.code,
        score: r.score,
        exact: r.exact,
        employment: r.employment,
        source: r.entry < 0 ? null : LABEL_SOURCES[lx.entrySource[r.entry]],
        pattern: patternFirst && i === 0,
        foreign: this.pathFactors[options.target][r.conceptId] < 1,
        ownTitleShare: words.size ? this.sharedWithOwnTitle(r.conceptId, options.target) / words.size : 0,
        countryLanguage: r.entry >= 0 && langs.includes(LANGS[lx.entryLang[r.entry]]),
        voteShare: r.voteShare,
        filedVoteShare: r.filedVoteShare,
        wordVoteShare: r.wordVoteShare,
        wordVoteRank: r.wordVoteRank,
        wordVoteOnly: r.wordVoteOnly,
        headWordShare: r.headWordShare,
        pairVoteShare: r.pairVoteShare,
        headAgrees: r.entry >= 0 && this.titleHead >= 0 && lx.entryHead[r.entry] === this.titleHead,
        titleCover: r.titleCover,
        labelCover: r.labelCover,
        convention: null,
        helperUnsaid: saysNoHelping && options.target === "soc" && HELPER_OCCUPATIONS.has(r.code.slice(0, 7)),
      }),
    );
    const letters = title.replace(/[^\p{L}]/gu, "");
    const facts: TitleFacts = {
      words: words.size,
      unknownShare: words.size ? unknown / words.size : 1,
      allCaps: letters.length > 3 && letters === letters.toUpperCase(),
      digits: /\d/.test(title),
      headness: this.titleHead >= 0 ? lx.wordHeadness[this.titleHead] : 0,
    };
    // A convention reads the title with its regional abbreviations spelt out ("DUE – Urgencias" is a nurse).
    const spelt = regionalForm(title, langs);
    this.addConvention(proposals, spelt ?? title, spelt ? parseHeadline(spelt) : headline, options.target, pool);
    return { proposals, title: facts, patternFirst };
  }

  /**
   * Whether word `id` is in a label this match reads: one on its path (on the EU path, not only filed U.S. titles),
   * not withheld (the ranker's training withholds a fold's own titles: a word only they hold is then unknown, as
   * it is to a title the lexicon has never seen, and a misspelling is looked up as such).
   */
  private readable(id: number, target: MatchTarget, withheld: Uint8Array | null): boolean {
    if (!this.wordOnPath[target][id]) return false;
    if (withheld === null) return true;
    const { postingStart, postingEntries, entrySource } = this.lexicon;
    const skip = target === "isco" ? US_ONLY_SOURCE : -2;
    for (let k = postingStart[id]; k < postingStart[id + 1]; k++) {
      const e = postingEntries[k];
      if (withheld[e] === 0 && entrySource[e] !== skip) return true;
    }
    return false;
  }

  /** Scores every label against one variant of the title into the per-occupation bests; returns its words. */
  private scoreVariant({ text, factor, exactOnly }: TitleVariant, options: MatchOptions, votes: boolean): string[] {
    const lx = this.lexicon;
    const tw = titleWords(text, this.compound);
    if (!tw.words.length) return tw.words;
    const paths = this.pathFactors[options.target];
    const skipSource = options.target === "isco" ? US_ONLY_SOURCE : -2;
    const withheld = options.withheld ?? null;
    // A label the path skips, or one withheld while the ranker's training scores its own fold, takes no part.
    const usable = (e: number) => lx.entrySource[e] !== skipSource && (withheld === null || withheld[e] === 0);

    // Exact: the same words as a label; a title cut to one word, as the label it is written as (`Vice Principal`).
    const written = tw.words.length === 1 ? rawWords(text) : [];
    for (const key of written.length > 1 ? [tw.words[0], RAW_EXACT + written.join(" ")] : [tw.words.join(" ")]) {
      const exactAt = lx.exactKeys.sortedIndexOf(key);
      if (exactAt < 0) continue;
      for (let k = lx.exactStart[exactAt]; k < lx.exactStart[exactAt + 1]; k++) {
        const e = lx.exactEntries[k],
          c = lx.entryConcept[e];
        if (usable(e)) this.keep(c, e, factor * paths[c], true, 1, 1);
      }
    }
    if (exactOnly) return tw.words;

    const read = this.readWords(tw, options.target, withheld);
    const { matches } = read;
    const weightOf = matches.map((m) => (m.length ? lx.wordWeight[m[0].id] : UNKNOWN_WORD_WEIGHT));
    const headness = (i: number) => (matches[i].length ? lx.wordHeadness[matches[i][0].id] : -1);
    const headLast = likelyHead(matches.length, read.headLast, headness),
      headFirst = likelyHead(matches.length, read.headFirst, headness);
    const mass = (head: number) => weightOf.reduce((sum, w, i) => sum + w * (i === head ? HEAD_WEIGHT : 1), 0);
    const massLast = mass(headLast),
      massFirst = mass(headFirst);
    const langFactor = this.languageFactors(matches, weightOf, options.country);
    if (votes) {
      // The head noun in the language that covers the title best (the first of equals).
      const head = HEAD_FIRST.has(LANGS[langFactor.indexOf(Math.max(...langFactor))]) ? headFirst : headLast;
      this.titleHead = head >= 0 && matches[head].length ? matches[head][0].id : -1;
      const wordVotes = this.wordVotes[options.target];
      matches.forEach((list, i) => {
        if (!list.length) return;
        wordVotes.addWord(list[0].id, list[0].sim * weightOf[i], withheld, i === head);
        const next = matches[i + 1];
        if (next?.length)
          wordVotes.addPair(
            list[0].id,
            next[0].id,
            (list[0].sim * weightOf[i] + next[0].sim * weightOf[i + 1]) / 2,
            withheld,
          );
      });
    }

    let n = 0;
    matches.forEach((list, i) => {
      const q = weightOf[i];
      for (const { id, sim } of list)
        n = this.accumulate(id, sim, i === headLast ? q * HEAD_WEIGHT : q, i === headFirst ? q * HEAD_WEIGHT : q, n);
    });
    this.settle(n, massFirst, massLast, langFactor, factor * OVERLAP_FACTOR, paths, usable, votes);
    return read.words;
  }

  /**
   * Each word of the title → the known words it reads as: itself; or, misspelt, the most similar ones; or, a
   * misspelt or half-typed compound nearer a compound the labels split than any word, that compound's parts
   * (`softwareentwick` → software + entwickler; the compound's head, its last part, heads where the word did).
   */
  private readWords(tw: TitleWords, target: MatchTarget, withheld: Uint8Array | null) {
    const lx = this.lexicon;
    const words: string[] = [];
    const matches: { id: number; sim: number }[][] = [];
    const lastOf: number[] = []; // per word of `tw`, the index of its last reading in `matches`
    for (const w of tw.words) {
      const id = this.wordIds.get(w);
      if (id !== undefined && this.readable(id, target, withheld)) {
        words.push(w);
        matches.push([{ id, sim: 1 }]);
      } else {
        const near = lx.wordIndex
          .search(w, FUZZY_WORD_SIMILARITY)
          .filter((h) => this.readable(h.id, target, withheld))
          .slice(0, 3)
          .map((h) => ({ id: h.id, sim: h.similarity }));
        const parts = this.nearestCompoundParts(w, near[0]?.sim ?? 0, target, withheld);
        if (parts) for (const p of parts) words.push(lx.words[p.id]), matches.push([p]);
        else words.push(w), matches.push(near);
      }
      lastOf.push(matches.length - 1);
    }
    const at = (head: number) => (head < 0 ? head : lastOf[head]);
    return { words, matches, headLast: at(tw.headLast), headFirst: at(tw.headFirst) };
  }

  /** The parts of the compound nearest `word`, if it is nearer than `beat` and its parts are all readable. */
  private nearestCompoundParts(word: string, beat: number, target: MatchTarget, withheld: Uint8Array | null) {
    if (word.length < 7) return null;
    const hit = this.lexicon.compoundIndex.search(word, Math.max(FUZZY_COMPOUND_SIMILARITY, beat))[0];
    if (!hit || hit.similarity <= beat) return null;
    const parts = splitCompound(this.lexicon.compoundIndex.text(hit.id), this.compound).map((p) => ({
      id: this.wordIds.get(p) ?? -1,
      sim: hit.similarity,
    }));
    return parts.every((p) => p.id >= 0 && this.readable(p.id, target, withheld)) ? parts : null;
  }

  /**
   * Adds word `id` (similarity `sim` to the title's word, weighing `qLast` / `qFirst` in the title as its head is
   * last / first) to the sums of every label holding it; returns the count of touched labels.
   */
  private accumulate(id: number, sim: number, qLast: number, qFirst: number, n: number): number {
    const { sums, touched, entryBits } = this;
    const { postingStart, postingEntries, entryHead, wordWeight } = this.lexicon;
    const w = wordWeight[id];
    const end = postingStart[id + 1];
    for (let k = postingStart[id]; k < end; k++) {
      const e = postingEntries[k],
        at = 3 * e;
      const ew = entryHead[e] === id ? w * HEAD_WEIGHT : w;
      if (sums[at] === 0) touched[n++] = e;
      const q = entryBits[e] & HEAD_FIRST_BIT ? qFirst : qLast;
      sums[at] += (sim * (q + ew)) / 2;
      sums[at + 1] += sim * q;
    }
    return n;
  }

  /**
   * Turns the `n` touched labels' sums into scores (resetting the sums), keeps each occupation's best and adds the
   * votes of the literal title's labels.
   */
  private settle(
    n: number,
    massFirst: number,
    massLast: number,
    langFactor: number[],
    scale: number,
    paths: Float32Array,
    usable: (entry: number) => boolean,
    votes: boolean,
  ) {
    const { sums, touched, entryBits, conceptScore, conceptVote, conceptFiledVote } = this;
    for (let t = 0; t < n; t++) {
      const e = touched[t],
        at = 3 * e,
        bits = entryBits[e];
      const both = sums[at],
        titleSide = sums[at + 1],
        mass = sums[at + 2];
      sums[at] = 0;
      sums[at + 1] = 0;
      const titleMass = bits & HEAD_FIRST_BIT ? massFirst : massLast;
      const score = Math.min(1, (2 * both) / (titleMass + mass)) * langFactor[(bits >>> LANG_SHIFT) & LANG_MASK];
      if (score < CANDIDATE_FLOOR || !usable(e)) continue;
      const c = bits & CONCEPT_MASK;
      const s = score * scale * paths[c];
      if (votes && s >= VOTE_FLOOR) {
        conceptVote[c] += s * s;
        if (bits & FILED_BIT) conceptFiledVote[c] += s * s;
      }
      // How much of the title the label holds, and of the label the title holds (the score is their blend).
      if (s > conceptScore[c])
        this.keep(c, e, s, false, Math.min(1, titleSide / titleMass), Math.min(1, (2 * both - titleSide) / mass));
    }
  }

  /** The occupation's best so far, if this label beats it. */
  private keep(
    conceptId: number,
    entry: number,
    score: number,
    exact: boolean,
    titleCover: number,
    labelCover: number,
  ) {
    if (score <= this.conceptScore[conceptId]) return;
    if (this.conceptScore[conceptId] === 0) this.conceptTouched[this.conceptCount++] = conceptId;
    this.conceptScore[conceptId] = score;
    this.conceptEntry[conceptId] = entry;
    this.conceptExact[conceptId] = exact ? 1 : 0;
    this.conceptTitleCover[conceptId] = titleCover;
    this.conceptLabelCover[conceptId] = labelCover;
  }

  /**
   * How well each language's vocabulary covers the title's words, nudged towards the request country's languages:
   * a label in a language that covers the title less well ranks up to 10% lower (Chef de projet is French).
   */
  private languageFactors(
    matches: { id: number; sim: number }[][],
    weights: number[],
    country: string | null | undefined,
  ): number[] {
    const cover = LANGS.map(() => 0);
    matches.forEach((m, i) => {
      if (m.length && m[0].sim === 1)
        LANGS.forEach((_, l) => {
          if (this.lexicon.wordLangs[m[0].id] & (1 << l)) cover[l] += weights[i];
        });
    });
    const total = weights.reduce((a, b) => a + b, 0);
    for (const lang of COUNTRY_LANGS[country ?? ""] ?? []) cover[LANGS.indexOf(lang)] += 0.25 * total;
    const best = Math.max(...cover);
    return cover.map((c) => (best > 0 ? 0.9 + 0.1 * (c / best) : 1));
  }

  /**
   * Occupations by score, one per code. Among near-equal scores (within 0.01; a label two occupations share): the
   * one whose own title shares the title's words (the head noun names the family), then the one more people hold.
   */
  private rank(target: MatchTarget, limit: number) {
    // Most titles touch thousands of occupations, and only the best few dozen can be chosen: order those first, and
    // all of them only when the choice reached below them.
    const floor = this.scoreFloorFor(PRESORTED * limit);
    const out = (floor > 0 && this.choose(target, limit, floor)) || this.choose(target, limit, 0)!;
    return this.withVotes(
      target,
      out.map((id) => this.rankedAt(id, target)),
    );
  }

  /** What the first stage knows of a touched occupation. */
  private rankedAt(conceptId: number, target: MatchTarget): Ranked {
    const c = this.lexicon.concepts[conceptId];
    return {
      conceptId,
      entry: this.conceptEntry[conceptId],
      exact: this.conceptExact[conceptId] === 1,
      score: this.conceptScore[conceptId],
      titleCover: this.conceptTitleCover[conceptId],
      labelCover: this.conceptLabelCover[conceptId],
      code: (target === "soc" ? c.soc : c.isco)!,
      employment: c.employment,
    };
  }

  /**
   * Occupations by score from those scoring at least `floor`, one per group, near ties resolved by `preferred`;
   * null when the choice would have read below the floor (an occupation under it could have changed it).
   */
  private choose(target: MatchTarget, limit: number, floor: number): number[] | null {
    const ids = this.orderedFrom(floor);
    const groupIds = this.groupIds[target],
      score = this.conceptScore;
    const out: number[] = [];
    const taken = new Set<number>();
    for (let i = 0; i < ids.length && out.length < limit; i++) {
      const topId = ids[i];
      if (taken.has(groupIds[topId])) continue;
      // Its near ties reach down to 0.01 below it: all of them are above the floor only if it is 0.01 above it.
      if (floor > 0 && !(score[topId] - floor > 0.01)) return null;
      const near = [topId];
      for (let j = i + 1; j < ids.length && score[topId] - score[ids[j]] <= 0.01; j++)
        if (!taken.has(groupIds[ids[j]])) near.push(ids[j]);
      const pick = near.length === 1 ? topId : this.preferred(near, target);
      out.push(pick);
      taken.add(groupIds[pick]);
      // The same occupation again next: its group may be taken now, or it is the next best of a tie.
      if (pick !== topId) i--;
    }
    return floor > 0 && out.length < limit ? null : out;
  }

  /** The touched occupations scoring at least `floor`, by score (highest first), then id. */
  private orderedFrom(floor: number): Int32Array {
    // (score desc, id) as one number each, sorted natively: a float4 score times 2^24 is an integer, and occupation
    // ids stay below 2^16.
    const keys = this.sortKeys;
    let n = 0;
    for (let i = 0; i < this.conceptCount; i++) {
      const id = this.conceptTouched[i],
        s = this.conceptScore[id];
      if (s >= floor) keys[n++] = Math.round((1 - s) * 2 ** 24) * 2 ** 16 + id;
    }
    const sorted = keys.subarray(0, n).sort();
    const ids = new Int32Array(n);
    for (let i = 0; i < n; i++) ids[i] = sorted[i] % 2 ** 16;
    return ids;
  }

  /** A score below which fewer than `count` touched occupations score, less 0.02 (room for near ties); 0: take all. */
  private scoreFloorFor(count: number): number {
    if (this.conceptCount <= count) return 0;
    const bins = this.scoreBins.fill(0);
    const top = bins.length - 1;
    for (let i = 0; i < this.conceptCount; i++)
      bins[Math.min(top, Math.floor(this.conceptScore[this.conceptTouched[i]] * top))]++;
    let seen = 0;
    for (let b = top; b > 0; b--) if ((seen += bins[b]) >= count) return Math.max(0, b / top - 0.02);
    return 0;
  }

  /** The chosen occupations with the votes their groups got, then the word votes' best groups the tiers missed. */
  private withVotes(target: MatchTarget, out: Ranked[]) {
    const groupIds = this.groupIds[target];
    // Votes by group (an O*NET-SOC code's .00 and .01 are one occupation), as shares of all votes cast.
    const vote = this.groupVote[target],
      filedVote = this.groupFiledVote[target];
    let total = 0,
      filedTotal = 0;
    for (let i = 0; i < this.conceptCount; i++) {
      const id = this.conceptTouched[i],
        group = groupIds[id];
      if (group >= 0) {
        vote[group] += this.conceptVote[id];
        total += this.conceptVote[id];
        filedVote[group] += this.conceptFiledVote[id];
        filedTotal += this.conceptFiledVote[id];
      }
    }
    const wordVotes = this.wordVotes[target];
    const { groups: voted, total: votedTotal } = wordVotes.words.ranked(WORD_VOTE_RANKS);
    const pairTotal = wordVotes.pairs.total();
    const voteRank = new Map(voted.map((g, i) => [g, i]));
    const withVotes = <T extends { conceptId: number }>(r: T, wordVoteOnly: boolean) => {
      const group = groupIds[r.conceptId];
      return {
        ...r,
        voteShare: total ? vote[group] / total : 0,
        filedVoteShare: filedTotal ? filedVote[group] / filedTotal : 0,
        wordVoteShare: votedTotal ? wordVotes.words.vote[group] / votedTotal : 0,
        pairVoteShare: pairTotal ? wordVotes.pairs.vote[group] / pairTotal : 0,
        wordVoteRank: voteRank.get(group) ?? WORD_VOTE_RANKS,
        wordVoteOnly,
        headWordShare: wordVotes.headShare[group],
      };
    };
    const scored = [
      ...out.map((r) => withVotes(r, false)),
      ...this.votedOnly(target, voted, out).map((r) => withVotes(r, true)),
    ];
    wordVotes.reset();
    for (let i = 0; i < this.conceptCount; i++) {
      const id = this.conceptTouched[i],
        group = groupIds[id];
      if (group >= 0) {
        vote[group] = 0;
        filedVote[group] = 0;
      }
      this.conceptScore[id] = 0;
      this.conceptVote[id] = 0;
      this.conceptFiledVote[id] = 0;
    }
    this.conceptCount = 0;
    return scored;
  }

  /**
   * The word votes' best groups that the label tiers did not propose, each as its best-scoring occupation (its label
   * overlapped the title, if weakly), else the occupation that stands for the group (no label: entry -1).
   */
  private votedOnly(
    target: MatchTarget,
    voted: readonly number[],
    proposed: readonly { conceptId: number }[],
  ): Ranked[] {
    const groupIds = this.groupIds[target];
    const taken = new Set(proposed.map((r) => groupIds[r.conceptId]));
    const wanted = new Map<number, number>();
    for (const g of voted.slice(0, WORD_VOTE_PROPOSALS)) if (!taken.has(g)) wanted.set(g, -1);
    if (!wanted.size) return [];
    for (let i = 0; i < this.conceptCount; i++) {
      const id = this.conceptTouched[i],
        best = wanted.get(groupIds[id]);
      if (best !== undefined && (best < 0 || this.conceptScore[id] > this.conceptScore[best]))
        wanted.set(groupIds[id], id);
    }
    return [...wanted].map(([g, touched]) => {
      const conceptId = touched >= 0 ? touched : this.groupConcept[target][g];
      const c = this.lexicon.concepts[conceptId];
      return {
        conceptId,
        entry: touched >= 0 ? this.conceptEntry[conceptId] : -1,
        exact: touched >= 0 && this.conceptExact[conceptId] === 1,
        titleCover: touched >= 0 ? this.conceptTitleCover[conceptId] : 0,
        labelCover: touched >= 0 ? this.conceptLabelCover[conceptId] : 0,
        score: touched >= 0 ? this.conceptScore[conceptId] : 0,
        code: (target === "soc" ? c.soc : c.isco)!,
        employment: c.employment,
      };
    });
  }

  /** Of occupations with near-equal scores, the one to rank first. */
  private preferred(near: number[], target: MatchTarget): number {
    let best = near[0];
    for (let i = 1; i < near.length; i++) if (this.tieOrder(near[i], best, target) < 0) best = near[i];
    return best;
  }

  /**
   * Negative when occupation `a` ranks before `b` in a near tie: more of the title's words in its own title, then the
   * label's standing (an occupation's own name before another's synonym or a national list's title: "metselaar" names
   * the bricklayer, and is only an alternative label of his supervisor), then employment, then the higher score, then
   * the lower code: never the order of the index.
   */
  private tieOrder(a: number, b: number, target: MatchTarget): number {
    const lx = this.lexicon,
      ca = lx.concepts[a],
      cb = lx.concepts[b];
    const codeA = (target === "soc" ? ca.soc : ca.isco)!,
      codeB = (target === "soc" ? cb.soc : cb.isco)!;
    return (
      this.sharedWithOwnTitle(b, target) - this.sharedWithOwnTitle(a, target) ||
      SOURCE_STANDING[lx.entrySource[this.conceptEntry[a]]] - SOURCE_STANDING[lx.entrySource[this.conceptEntry[b]]] ||
      cb.employment - ca.employment ||
      this.conceptScore[b] - this.conceptScore[a] ||
      (codeA < codeB ? -1 : codeA > codeB ? 1 : 0)
    );
  }

  /** A coding convention's occupation (conventions.ts) among the proposals, flagged, in the pool's last place if new. */
  private addConvention(proposals: Proposal[], title: string, headline: Headline, target: MatchTarget, pool: number) {
    const convention = codingConvention(title, headline);
    const key = target === "soc" ? convention?.soc : convention && `isco:${convention.isco}`;
    const conceptId = key ? this.conceptIndex.get(key) : undefined;
    if (conceptId === undefined) return;
    const concept = this.lexicon.concepts[conceptId];
    const code = (target === "soc" ? concept.soc : concept.isco)!;
    const at = proposals.findIndex((p) => groupOf(p.code, target) === groupOf(code, target));
    // A nurse keeps the nursing occupation its label named; a soldier is the rank's unit group, and a licensed driver
    // the licence's, whatever ESCO occupation of that group the words reached (a military cook is no "military
    // engineer", a C+E driver no "refuse vehicle driver").
    if (at >= 0 && convention!.rule === "nursing") {
      proposals[at].convention = convention!.rule;
      return;
    }
    const ruled: Proposal = {
      conceptId,
      concept: concept.key,
      entry: -1,
      code,
      score: 0,
      exact: false,
      employment: concept.employment,
      source: null,
      pattern: false,
      foreign: false,
      ownTitleShare: 0,
      countryLanguage: false,
      voteShare: 0,
      filedVoteShare: 0,
      wordVoteShare: 0,
      wordVoteRank: WORD_VOTE_RANKS,
      wordVoteOnly: false,
      headWordShare: 0,
      pairVoteShare: 0,
      headAgrees: false,
      titleCover: 0,
      labelCover: 0,
      helperUnsaid: false,
      convention: convention!.rule,
    };
    if (at >= 0) proposals[at] = ruled;
    else {
      if (proposals.length >= pool) proposals.pop();
      proposals.push(ruled);
    }
  }

  /** What is known of the previous title is forgotten: a new stamp (and, once in 2^31 titles, cleared stamps). */
  private startTitle(words: readonly string[]) {
    this.titleWordList = words;
    if (++this.titleStamp === 2 ** 31 - 1) {
      this.sharedStamp.fill(0);
      this.titleStamp = 1;
    }
  }

  /** How many of the title's words the occupation's code's own title has (the head noun names the family). */
  private sharedWithOwnTitle(conceptId: number, target: MatchTarget): number {
    if (this.sharedStamp[conceptId] === this.titleStamp) return this.sharedCount[conceptId];
    let own = this.ownTitleWords[target][conceptId];
    if (!own) {
      const c = this.lexicon.concepts[conceptId];
      own = titleWords(this.codeTitle((target === "soc" ? c.soc : c.isco)!, target), this.compound).words;
      this.ownTitleWords[target][conceptId] = own;
    }
    let shared = 0;
    for (const w of this.titleWordList) if (own.includes(w)) shared++;
    this.sharedStamp[conceptId] = this.titleStamp;
    this.sharedCount[conceptId] = shared;
    return shared;
  }

  private pattern(title: string, target: MatchTarget) {
    const q = fold(title)
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    // A fragment is one piece of a word; a one- or two-letter one is inside half the titles.
    if (q.length < 3 || q.includes(" ")) return null;
    const lx = this.lexicon;
    this.onetFragments ??= new FragmentIndex(
      [...lx.entryConcept.keys()]
        .filter((e) => LABEL_SOURCES[lx.entrySource[e]].startsWith("onet"))
        .map((e) => ({ text: fold(lx.labels.at(lx.entryLabel[e])), entry: e })),
    );
    // The shortest O*NET label holding the fragment, the first of equals.
    const best = this.onetFragments.shortestHolding(q);
    if (!best) return null;
    const conceptId = lx.entryConcept[best.entry];
    const c = lx.concepts[conceptId];
    const code = target === "soc" ? c.soc : c.isco;
    if (!code) return null;
    return {
      conceptId,
      entry: best.entry,
      exact: false,
      score: Math.min(0.6, (0.8 * q.length) / best.text.length),
      titleCover: 0,
      labelCover: 0,
      code,
      employment: c.employment,
      voteShare: 0,
      filedVoteShare: 0,
      wordVoteShare: 0,
      wordVoteRank: WORD_VOTE_RANKS,
      wordVoteOnly: false,
      headWordShare: 0,
      pairVoteShare: 0,
    };
  }

  /** The title of a code in its own classification: the O*NET occupation's, or the ISCO unit group's. */
  private codeTitle(code: string, target: MatchTarget): string {
    const id = this.conceptIndex.get(target === "soc" ? code : `isco:${code}`);
    return id === undefined ? code : this.lexicon.concepts[id].title;
  }

  /**
   * Entry `e`'s label as an answer shows it: the text the lexicon read (a job-ad headline's role, "Camarero/a de
   * Sala", not the ad's place, season and lodging) without a leading emoji; parsed once per headline label (about
   * 20 µs each), the other labels as their sources write them.
   */
  private shownLabel(e: number): string {
    const lx = this.lexicon,
      id = lx.entryLabel[e];
    if (lx.entrySource[e] !== HEADLINE_SOURCE) return lx.labels.at(id);
    let shown = this.shownLabels.get(id);
    if (shown === undefined) {
      shown = labelReadText(lx.labels.at(id), "job_ad_headline").replace(/^[^\p{L}\p{N}]+/u, "");
      this.shownLabels.set(id, shown);
    }
    return shown;
  }

  private candidate(
    r: { conceptId: number; entry: number; code: string; score: number; confidence: number },
    target: MatchTarget,
  ): Candidate {
    const lx = this.lexicon;
    return {
      concept: lx.concepts[r.conceptId],
      code: r.code,
      codeTitle: this.codeTitle(r.code, target),
      score: round(r.score, 3),
      confidence: r.confidence,
      // A convention's occupation has no label: the rule named it (entry -1).
      label: r.entry < 0 ? null : this.shownLabel(r.entry),
      labelLang: r.entry < 0 ? null : LANGS[lx.entryLang[r.entry]],
      labelSource: r.entry < 0 ? null : LABEL_SOURCES[lx.entrySource[r.entry]],
    };
  }
}

/** Rank of a label source in a tie (lower first), by LABEL_SOURCES index: an occupation's own name, then synonyms. */
const SOURCE_STANDING = LABEL_SOURCES.map(
  (s) =>
    ({
      onet_title: 0,
      esco_preferred: 0,
      onet_alternate: 1,
      onet_short: 1,
      onet_reported: 1,
      esco_alt: 1,
      national: 1,
      esco_hidden: 2,
      oews_title: 0,
      employer_filing: 1,
      isco_group: 1,
      job_ad_headline: 1,
    })[s],
);
/** The one label source an ISCO path skips (US_PATH_ONLY), as its index; -1 if the lexicon has none. */
const US_ONLY_SOURCE = LABEL_SOURCES.indexOf(US_PATH_ONLY[0]);
const FILED_SOURCE = LABEL_SOURCES.indexOf("employer_filing");
/** A label scoring less than this (after path factors) casts no vote: weak overlaps are noise, not agreement. */
const VOTE_FLOOR = 0.3;

// TitleMatcher.entryBits: a label's occupation (16 bits: the constructor refuses more occupations), its language
// (LANGS index, 4 bits), whether its language puts the head first, whether an employer filed it.
const CONCEPT_MASK = 0xffff,
  LANG_SHIFT = 16,
  LANG_MASK = 0xf,
  HEAD_FIRST_BIT = 1 << 20,
  FILED_BIT = 1 << 21;

function packEntries({ entryConcept, entryLang, entrySource }: LexiconData): Int32Array {
  const headFirst = LANGS.map((l) => HEAD_FIRST.has(l));
  const bits = new Int32Array(entryConcept.length);
  for (let e = 0; e < bits.length; e++)
    bits[e] =
      entryConcept[e] |
      (entryLang[e] << LANG_SHIFT) |
      (headFirst[entryLang[e]] ? HEAD_FIRST_BIT : 0) |
      (entrySource[e] === FILED_SOURCE ? FILED_BIT : 0);
  return bits;
}

function pathFactor(c: Concept, target: MatchTarget): number {
  if (target === "soc") return c.soc === null ? 0 : c.kind === "onet" ? 1 : FOREIGN_FACTOR.soc;
  return c.isco === null ? 0 : c.kind === "onet" ? FOREIGN_FACTOR.isco : 1;
}

const HEADLINE_SOURCE = LABEL_SOURCES.indexOf("job_ad_headline");
/** O*NET-SOC codes group by their 6-digit SOC (15-1252.00 and .01 are one occupation for wages). */
const groupOf = (code: string, target: MatchTarget) => (target === "soc" ? code.slice(0, 7) : code);

const exactMethod = (source: LabelSource): MatchMethod =>
  source === "national"
    ? "national_title"
    : source.startsWith("esco") || source === "isco_group"
      ? "esco_label"
      : "alias";

/**
 * Confidence: the candidate's score, less up to 0.25 as a competing occupation comes within 0.1 of it
 * (two occupations sharing one label each get at most 0.75).
 */
export function withConfidence<T extends { score: number }>(ranked: T[]): (T & { confidence: number })[] {
  return ranked.map((r, i) => {
    const rival = Math.max(0, ...ranked.filter((_, j) => j !== i).map((x) => x.score));
    const closeness = Math.min(1, Math.max(0, (rival - r.score + 0.1) / 0.1));
    return { ...r, confidence: round(Math.max(0, r.score - 0.25 * closeness), 3) };
  });
}
