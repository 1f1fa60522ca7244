// The title matcher's second stage: the lexicon tiers and word votes (match.ts) propose up to RERANK_POOL + 10
// occupations; a conditional logit over features of each (title, candidate) pair, with boosted trees on its gradient
// for what depends on several features together, learned at snapshot build time from labelled titles
// (scripts/snapshot/title-ranker.ts), gives each candidate its share of the title (softmax) and so orders them; a
// curve fitted on held-out folds (Platt scaling; isotonic for the alternatives) turns a share into the probability
// that it is right. One model per path (U.S.: O*NET-SOC; EU: ISCO-08).
import { LABEL_SOURCES, type LabelSource } from "./lexicon.ts";
import { choiceShares, isotonicValue, linearUtility, type IsotonicFit, type LogisticFit } from "./learning.ts";
import { round } from "../rounding.ts";
import type { ConventionRule } from "./conventions.ts";
import { ensembleValue, type TreeEnsemble } from "./boosting.ts";

/** How many occupations the first stage proposes to the ranker. */
export const RERANK_POOL = 20;

/** What the first stage knows of one candidate. */
export interface CandidateFacts {
  /** The occupation's key in the lexicon (an O*NET-SOC code, an ESCO URI, isco:NNNN): its prior is kept under it. */
  concept: string;
  /** The occupation's code on the path: O*NET-SOC (15-1252.00) or SOC, or an ISCO-08 unit group (2512). */
  code: string;
  score: number;
  exact: boolean;
  /** The matched label's source; null for an occupation a coding convention proposed (conventions.ts). */
  source: LabelSource | null;
  /** Reached through a crosswalk (an ESCO occupation on the U.S. path, an O*NET one on the EU path). */
  foreign: boolean;
  employment: number;
  /** Share of the title's words in the occupation's own title (O*NET's or the ISCO unit group's). */
  ownTitleShare: number;
  /** The label is in one of the languages of the request's country. */
  countryLanguage: boolean;
  pattern: boolean;
  /** The occupation's share of the votes of every label the title matches (Σ score²), and of filed titles' alone. */
  voteShare: number;
  filedVoteShare: number;
  /** The occupation's share of the title's word votes (word-votes.ts), its rank among them, and whether only they proposed it. */
  wordVoteShare: number;
  wordVoteRank: number;
  wordVoteOnly: boolean;
  /** The occupation's share of the title's head noun's split alone, and whether the matched label has that head. */
  headWordShare: number;
  headAgrees: boolean;
  /** The occupation's share of the votes of the title's neighbouring word pairs (word-votes.ts). */
  pairVoteShare: number;
  /** The weighted share of the title's words the matched label holds, and of the label's words the title holds. */
  titleCover: number;
  labelCover: number;
  /** The coding convention (conventions.ts) that names this occupation, if one does: it goes first. */
  convention: ConventionRule | null;
  /**
   * A helper of a trade (SOC's `Helpers--` occupations: their labels hold the trade's own words, so `Plumber`
   * reaches plumbers' helpers as well as plumbers) for a title with no word of helping in it (helper, assistant,
   * apprentice, tender, mate, laborer…).
   */
  helperUnsaid: boolean;
}

/** What the first stage knows of the title as a whole. */
export interface TitleFacts {
  words: number;
  /** Share of the title's words no label has (a place, an employer, a code, noise). */
  unknownShare: number;
  /** Written in capitals (as forms and HR systems do), or with a digit (a level, grade or job code). */
  allCaps: boolean;
  digits: boolean;
  /**
   * How often the title's head word heads the labels it is in (0–1; 0 unknown): an occupation's noun (nurse,
   * Monteur) mostly does, a product, a place or a company name in the title field hardly ever.
   */
  headness: number;
}

/** Sources that give an occupation's own name (not a synonym): an exact match with one names the occupation itself. */
const OWN_NAMES = new Set<LabelSource | null>(["onet_title", "esco_preferred", "oews_title"]);
const SOURCE_FEATURES = LABEL_SOURCES.filter((s) => s !== "onet_title"); // onet_title is the reference level

export const RANKER_FEATURES: readonly string[] = [
  "score",
  "lead",
  "gap_to_best",
  "log_rank",
  "is_first",
  "exact",
  ...SOURCE_FEATURES.map((s) => `source_${s}`),
  "foreign",
  "log_employment",
  "own_title_share",
  "country_language",
  "pattern",
  "unknown_share",
  "title_words",
  "vote_share",
  "filed_vote_share",
  "all_caps",
  "digits",
  "all_caps_x_filed_vote",
  "all_caps_x_score",
  "score_squared",
  "score_x_vote",
  "score_x_filed_vote",
  "vote_squared",
  "filed_vote_squared",
  "exact_x_foreign",
  "word_vote_share",
  "word_vote_log_rank",
  "word_vote_only",
  "word_vote_squared",
  "score_x_word_vote",
  "head_word_share",
  "head_agrees",
  "pair_vote_share",
  "pair_vote_squared",
  "title_coverage",
  "label_coverage",
  "exact_own_name",
  "title_head_headness",
  "helper_unsaid",
  "concept_prior",
];

/**
 * The features of candidate i of a first-stage list (sorted by score, best first); `prior`: its occupation's prior
 * (PathModel.conceptPriors).
 */
export function rankerFeatures(list: readonly CandidateFacts[], i: number, title: TitleFacts, prior = 0): number[] {
  const c = list[i];
  let rival = 0;
  for (let j = 0; j < list.length; j++) if (j !== i && list[j].score > rival) rival = list[j].score;
  return [
    c.score,
    c.score - rival,
    list[0].score - c.score,
    Math.log1p(i),
    i === 0 ? 1 : 0,
    c.exact ? 1 : 0,
    ...SOURCE_FEATURES.map((s) => (c.source === s ? 1 : 0)),
    c.foreign ? 1 : 0,
    Math.log10(1 + c.employment) / 6,
    c.ownTitleShare,
    c.countryLanguage ? 1 : 0,
    c.pattern ? 1 : 0,
    title.unknownShare,
    Math.min(title.words, 8) / 8,
    c.voteShare,
    c.filedVoteShare,
    title.allCaps ? 1 : 0,
    title.digits ? 1 : 0,
    title.allCaps ? c.filedVoteShare : 0,
    title.allCaps ? c.score : 0,
    c.score * c.score,
    c.score * c.voteShare,
    c.score * c.filedVoteShare,
    c.voteShare * c.voteShare,
    c.filedVoteShare * c.filedVoteShare,
    c.exact && c.foreign ? 1 : 0,
    c.wordVoteShare,
    Math.log1p(c.wordVoteRank),
    c.wordVoteOnly ? 1 : 0,
    c.wordVoteShare * c.wordVoteShare,
    c.score * c.wordVoteShare,
    c.headWordShare,
    c.headAgrees ? 1 : 0,
    c.pairVoteShare,
    c.pairVoteShare * c.pairVoteShare,
    c.titleCover,
    c.labelCover,
    c.exact && OWN_NAMES.has(c.source!) ? 1 : 0,
    title.headness,
    c.helperUnsaid ? 1 : 0,
    prior,
  ];
}

/**
 * Candidates by share (s), best first, except that the answer is the best candidate of the major group holding the
 * most share: the group is what the published figures rest on (SES by ISCO major group), and on titles held out of
 * the fit it is right more often than the best single candidate's group, at the same unit accuracy.
 */
export function answerFirst<T extends { code: string; s: number; i: number }>(scored: T[]): T[] {
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  const share = new Map<string, number>();
  for (const x of scored) share.set(majorGroupOf(x.code), (share.get(majorGroupOf(x.code)) ?? 0) + x.s);
  let answer = 0;
  for (let k = 1; k < scored.length; k++)
    if (share.get(majorGroupOf(scored[k].code))! > share.get(majorGroupOf(scored[answer].code))! + 1e-12) answer = k;
  if (answer > 0) scored.unshift(...scored.splice(answer, 1));
  return scored;
}

/** A code's major group: SOC's two digits (15 of 15-1252), ISCO's first (2 of 2512). */
export const majorGroupOf = (code: string) => (code[2] === "-" ? code.slice(0, 2) : code.slice(0, 1));

export interface PathModel {
  fit: LogisticFit;
  /** Boosted on the logit's gradient (boosting.ts): a candidate's utility is the logit's plus theirs. */
  trees: TreeEnsemble | null;
  /**
   * Fitted on out-of-fold scores of the answers (the best-ranked candidate): score → probability it is right.
   * Platt scaling, written as points read like an isotonic fit's step centres (learning.ts, fitPlatt).
   */
  answer: IsotonicFit;
  /** Likewise for every other candidate: isotonic (thousands of candidates on each path). */
  alternative: IsotonicFit;
  /**
   * Below this probability an answer is a 404 with its candidates: the threshold where answering titles as users
   * write them has the best F1 (share of answers right × share of titles answered right), on out-of-fold answers.
   */
  threshold: number;
  /** Per coding convention, how often it fired on the training titles and named the right code. */
  conventions: Partial<Record<ConventionRule, { fired: number; right: number }>>;
  /**
   * Per occupation (its lexicon key), how much more or less often than the average one it was right when the first
   * stage proposed it near the top for a title as users write them, in logits (train-ranker.ts, conceptPriors): what
   * users' titles say of an occupation once their words reach it, in every language. Absent: 0.
   */
  conceptPriors: Record<string, number>;
}
/** How one training set's titles fare out of fold: answers right (unit, major group), the right code among the pool. */
export interface OutOfFold {
  titles: number;
  right: number;
  majorRight: number;
  recall: number;
}

export interface RankerModel {
  features: readonly string[];
  soc: PathModel;
  isco: PathModel;
  /** What the model learned from, per path: titles, candidate rows and the sets they came from. */
  trainedOn: Record<
    "soc" | "isco",
    {
      titles: number;
      rows: number;
      sets: string[];
      /** Per training set, its titles' out-of-fold answers: how many were right, and how many had the right code among RERANK_POOL. */
      outOfFold?: Record<string, OutOfFold>;
    }
  >;
}

/**
 * The list re-ordered by the model, each with its calibrated probability of being right: the answer's from the
 * answer curve, the others' from the alternatives' curve, never above the answer's. An occupation whose own name the
 * title is goes first, unless a job-ad headline of the same words was coded otherwise; on its own path, the code that
 * job-ad headlines of exactly the title's words were all coded to goes first; a coding convention's before either,
 * with the share of training titles it was right for (add-one smoothed). `limit`: how many of the re-ordered list to
 * return (an answer shows a few; all are scored).
 */
export function rerank<T extends CandidateFacts>(
  list: readonly T[],
  title: TitleFacts,
  model: PathModel,
  limit = list.length,
): (T & { probability: number })[] {
  const utility = list.map((c, i) => {
    const x = rankerFeatures(list, i, title, model.conceptPriors[c.concept] ?? 0);
    return linearUtility(model.fit, x) + (model.trees ? ensembleValue(model.trees, x) : 0);
  });
  const choice = choiceShares(utility, 0, utility.length);
  const scored = answerFirst(list.map((c, i) => ({ c, code: c.code, s: choice[i], i })));
  // A title that is exactly the own name of an occupation of the path's classification (its O*NET or OEWS title on
  // the U.S. path, its ESCO preferred label on the EU path) is that occupation: users type official titles, and the
  // training titles, unseen by construction, hardly ever are one, so the model cannot learn it (the trees put
  // `Special Education Teachers, Elementary School` below elementary teachers). Not through a crosswalk: an exact
  // key is a stemmed one, and ESCO's "policy officer" is exactly "Police Officer". A coding convention goes first.
  // Unless job-ad headlines of exactly these words were coded otherwise: ads use a name as their readers read it
  // (French ads' "aide à domicile" is home care, 5322; ESCO names its companion, 5162, so).
  const ownName = scored.findIndex((x) => x.c.exact && !x.c.foreign && OWN_NAMES.has(x.c.source));
  const adsSayOtherwise = (code: string) =>
    scored.some((x) => x.c.exact && x.c.source === "job_ad_headline" && x.code !== code);
  if (ownName > 0 && !adsSayOtherwise(scored[ownName].code)) scored.unshift(...scored.splice(ownName, 1));
  // Job-ad headlines of exactly these words, all coded alike, go first on their own path: our coders read a name as
  // ads mean it where a classification's label of the same words says otherwise (German ads' "Forstwirt" is a
  // forestry worker, 6210; ESCO's is its forester, a manager, 1311). Not through the crosswalk: on the U.S. path it
  // cost the en-US headlines 5 points.
  const headlineFirst = scored.findIndex((x) => x.c.exact && !x.c.foreign && x.c.source === "job_ad_headline");
  const headlineCode = scored[headlineFirst]?.code;
  if (headlineFirst > 0 && headlineCode !== scored[0].code && !adsSayOtherwise(headlineCode))
    scored.unshift(...scored.splice(headlineFirst, 1));
  const ruled = scored.findIndex((x) => x.c.convention !== null);
  if (ruled > 0) scored.unshift(...scored.splice(ruled, 1));
  const rule = scored[0]?.c.convention;
  const record = rule ? model.conventions[rule] : undefined;
  // A fragment found inside an O*NET title (the pattern tier) is too rare in the training titles for the curve to
  // know: its probability is at most its score (≤ 0.6).
  const top = scored[0]?.c;
  const best = rule
    ? ((record?.right ?? 0) + 1) / ((record?.fired ?? 0) + 2)
    : Math.min(isotonicValue(model.answer, scored[0]?.s ?? 0), top?.pattern ? top.score : 1);
  return scored.slice(0, limit).map((x, k) => ({
    ...x.c,
    probability: round(k === 0 ? best : Math.min(best, isotonicValue(model.alternative, x.s)), 3),
  }));
}
