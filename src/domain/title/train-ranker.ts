// Learns the title ranker (ranker.ts) from labelled titles, deterministically:
// 1. every example title goes through the first stage (its candidates) with its own fold's labels withheld
//    (5 folds by a hash of the title),
//    so a filed title never meets itself in the lexicon — as a title from outside the training data would not;
// 2. per path, a conditional logit over each title's candidates (which one is right), then boosted trees on its
//    gradient (boosting.ts), fitted five times leaving one fold out, score the left-out fold; the maps from those
//    out-of-fold choice probabilities to how often the answer (Platt scaling) and, separately, an alternative
//    (isotonic) was right, over the titles as users write them, are the calibration;
// 3. the model served: the logit fitted on every fold (made first: the fold fits start from it) and trees boosted
//    on every fold from its utilities (not the five folds' trees together: five times the trees to score).
import type { TitleMatcher, MatchTarget } from "./match.ts";
import {
  RANKER_FEATURES,
  RERANK_POOL,
  answerFirst,
  majorGroupOf,
  rankerFeatures,
  type OutOfFold,
  type PathModel,
  type RankerModel,
} from "./ranker.ts";
import {
  choiceShares,
  fitIsotonic,
  fitPlatt,
  isotonicValue,
  linearUtility,
  withSuccessionRule,
  type LogisticFit,
} from "./learning.ts";
import { fitConditionalLogit } from "./conditional-logit.ts";
import { binRows, boostConditionalLogit, type BoostingOptions } from "./boosting.ts";
import { LABEL_SOURCES, type LabelSource, type LexiconData } from "./lexicon.ts";

export interface TrainingTitle {
  title: string;
  country: string | null;
  target: MatchTarget;
  /** Codes a careful coder accepts: SOC 2018 6-digit on the U.S. path, ISCO-08 unit groups on the EU path. */
  right: readonly string[];
  set: string;
  /** The source under which the lexicon holds this very title, if it does: withheld while its fold is scored. */
  ownLabel?: LabelSource;
  /**
   * Whether the calibration learns from it: titles as users send them (filings, job ads) do; a publisher's clean
   * list teaches the ranking only, since its titles are right more often than a user's at the same score.
   */
  calibrates: boolean;
  /** How much the title counts in the fit (default 1). */
  weight?: number;
}

export const FOLDS = 5;

/**
 * The fewest candidates a step of the alternatives' isotonic curve rests on: a step of three says 0 or 1, which no
 * candidate deserves (20 keeps the curve's shape and drops its extremes).
 */
export const MIN_CALIBRATION_STEP = 20;

/** Weight penalty: small next to the tens of thousands of candidate rows, it keeps rare indicators finite. */
const L2 = 0.1;

/**
 * The trees: 32 of depth 4 (splits on up to four features together), each step a quarter of Newton's, learning from
 * every candidate with a starting probability of 1% or more and one in eight of the rest. Chosen on the training
 * titles' out-of-fold log likelihood and accuracy against 20–100 trees of depth 3–5 at rates 0.1–0.35, and every
 * candidate learned from: more trees and every candidate still gained a little, at build time the budget does not
 * have (the sample halves the trees' time).
 */
const TREES: Omit<BoostingOptions, "setWeight" | "include"> = {
  trees: 32,
  depth: 4,
  rate: 0.25,
  l2: 1,
  minHessian: 5,
  sample: { below: 0.01, oneIn: 8 },
};

interface Row {
  x: number[];
  y: number;
  example: number;
  code: string;
  /** The occupation's lexicon key, and its place in the first stage's order. */
  concept: string;
  rank: number;
}

/** An occupation's prior counts what titles that proposed it among their first PRIOR_RANKS candidates made of it. */
const PRIOR_RANKS = 5;
/** Toward the average the prior is pulled as by this many titles' worth of average outcomes. */
const PRIOR_SMOOTHING = 20;

/**
 * Per occupation, how much more or less often than the average proposal its proposals were right, in logits:
 * logit((r + a·m) / (n + a)) − logit(m) for its n proposals (weighted) of which r were right, m the rate over every
 * proposal counted and a = PRIOR_SMOOTHING (target encoding, smoothed toward the mean).
 */
export function conceptPriors(
  proposals: readonly { concept: string; right: number; weight: number }[],
): Map<string, number> {
  const tally = new Map<string, { n: number; r: number }>();
  let n = 0,
    r = 0;
  for (const p of proposals) {
    const t = tally.get(p.concept) ?? { n: 0, r: 0 };
    t.n += p.weight;
    t.r += p.weight * p.right;
    tally.set(p.concept, t);
    n += p.weight;
    r += p.weight * p.right;
  }
  const m = n ? r / n : 0.5;
  const logit = (p: number) => Math.log(p / (1 - p));
  const out = new Map<string, number>();
  if (m <= 0 || m >= 1) return out;
  for (const [concept, t] of tally)
    out.set(
      concept,
      Math.round(1000 * (logit((t.r + PRIOR_SMOOTHING * m) / (t.n + PRIOR_SMOOTHING)) - logit(m))) / 1000,
    );
  return out;
}

/** The ranker for `matcher`'s lexicon (a matcher without a ranker: its first stage is what is learned on). */
export function trainRanker(
  matcher: TitleMatcher,
  examples: readonly TrainingTitle[],
  { draw = 0 }: { draw?: number } = {},
): RankerModel {
  const trees = { ...TREES, sample: { ...TREES.sample!, draw } };
  const withheldFor = withheldLabelsFor(matcher.lexicon, examples);
  const path = (target: MatchTarget): { model: PathModel } & RankerModel["trainedOn"]["soc"] => {
    const mine = examples.filter((e) => e.target === target);
    const folds = mine.map((e) => foldOf(e.title));
    const rows: Row[] = [];
    const conventions: PathModel["conventions"] = {};
    mine.forEach((e, example) => {
      const stage = matcher.firstStage(e.title, { target, country: e.country, withheld: withheldFor(e) }, RERANK_POOL);
      const ruled = stage.proposals.find((p) => p.convention);
      if (ruled?.convention && e.calibrates) {
        const record = (conventions[ruled.convention] ??= { fired: 0, right: 0 });
        record.fired++;
        if (e.right.includes(target === "soc" ? ruled.code.slice(0, 7) : ruled.code)) record.right++;
      }
      stage.proposals.forEach((p, i) => {
        const code = target === "soc" ? p.code.slice(0, 7) : p.code;
        rows.push({
          x: rankerFeatures(stage.proposals, i, stage.title),
          y: e.right.includes(code) ? 1 : 0,
          example,
          code,
          concept: p.concept,
          rank: i,
        });
      });
    });
    // Occupations' priors from the titles as users write them (filings, job-ad headlines: a publisher's list agrees
    // with its own coding by construction): each fold's rows read the priors of the other four folds' titles, so no
    // title's own outcome is in its feature; the model serves those of all.
    const priorAt = RANKER_FEATURES.indexOf("concept_prior");
    const asUsersWrite = (r: Row) => mine[r.example].calibrates && mine[r.example].right.length > 0;
    /** The proposals a prior counts: every fold's, or all but one fold's. */
    const counted = (exceptFold: number | null) =>
      rows
        .filter((r) => r.rank < PRIOR_RANKS && asUsersWrite(r) && folds[r.example] !== exceptFold)
        .map((r) => ({ concept: r.concept, right: r.y, weight: mine[r.example].weight ?? 1 }));
    for (let fold = 0; fold < FOLDS; fold++) {
      const priors = conceptPriors(counted(fold));
      for (const r of rows) if (folds[r.example] === fold) r.x[priorAt] = priors.get(r.concept) ?? 0;
    }
    const fitOn = (subset: Row[], from?: LogisticFit) => {
      const starts = setStarts(subset);
      const setWeight = starts.slice(0, -1).map((i) => mine[subset[i].example].weight ?? 1);
      return fitConditionalLogit(
        subset.map((r) => r.x),
        subset.map((r) => r.y),
        starts,
        { l2: L2, from, setWeight },
      );
    };
    const fit = fitOn(rows);
    // Out-of-fold scores: each fold scored by a fit on the other four (the logit started from the fit on all, then
    // trees boosted from its utilities on the same four folds).
    const outOfFold = new Float64Array(rows.length);
    const starts = setStarts(rows),
      xs = rows.map((r) => r.x),
      ys = Float64Array.from(rows, (r) => r.y);
    const binned = binRows(xs); // cut on every fold's features (no outcome is read): the same bins for each fit
    const setFold = starts.slice(0, -1).map((i) => folds[rows[i].example]);
    const setWeight = starts.slice(0, -1).map((i) => mine[rows[i].example].weight ?? 1);
    for (let fold = 0; fold < FOLDS; fold++) {
      const foldFit = fitOn(
        rows.filter((r) => folds[r.example] !== fold),
        fit,
      );
      const utility = Float64Array.from(xs, (x) => linearUtility(foldFit, x));
      const include = Uint8Array.from(setFold, (f) => (f === fold ? 0 : 1));
      boostConditionalLogit(binned, ys, starts, utility, { ...trees, setWeight, include });
      for (let s = 0; s + 1 < starts.length; s++) {
        if (setFold[s] !== fold) continue;
        choiceShares(utility, starts[s], starts[s + 1]).forEach((p, j) => {
          outOfFold[starts[s] + j] = p;
        });
      }
    }
    // Per title, its candidates by out-of-fold score: the first is the answer.
    const answer = { x: [] as number[], y: [] as number[] },
      alternative = { x: [] as number[], y: [] as number[] };
    const byExample = new Map<number, number[]>();
    rows.forEach((r, i) => {
      const list = byExample.get(r.example);
      if (list) list.push(i);
      else byExample.set(r.example, [i]);
    });
    // How the out-of-fold order does per set: the figure to tune on (titles without candidates count as wrong).
    const outOfFoldBySet: Record<string, OutOfFold> = {};
    mine.forEach((e) => {
      (outOfFoldBySet[e.set] ??= { titles: 0, right: 0, majorRight: 0, recall: 0 }).titles++;
    });
    for (const [example, rowsOf] of byExample) {
      const list = answerFirst(rowsOf.map((i) => ({ code: rows[i].code, s: outOfFold[i], i }))).map((x) => x.i);
      const tally = outOfFoldBySet[mine[example].set];
      tally.right += rows[list[0]].y;
      const rightMajors = new Set(mine[example].right.map(majorGroupOf));
      tally.majorRight += rightMajors.has(majorGroupOf(rows[list[0]].code)) ? 1 : 0;
      tally.recall += list.slice(0, RERANK_POOL).some((i) => rows[i].y === 1) ? 1 : 0;
      if (!mine[example].calibrates) continue;
      list.forEach((i, k) => {
        const into = k === 0 ? answer : alternative;
        into.x.push(outOfFold[i]);
        into.y.push(rows[i].y);
      });
    }
    // A title with no candidate at all is a 404 either way: it teaches the curve nothing.
    const answerCurve = fitPlatt(answer.x, answer.y);
    const threshold = bestThreshold(
      answer.x.map((x) => isotonicValue(answerCurve, x)),
      answer.y,
      mine.filter((e) => e.calibrates).length,
    );
    return {
      model: {
        fit,
        trees: boostConditionalLogit(
          binned,
          ys,
          starts,
          Float64Array.from(xs, (x) => linearUtility(fit, x)),
          { ...trees, setWeight },
        ),
        answer: answerCurve,
        alternative: withSuccessionRule(fitIsotonic(alternative.x, alternative.y, MIN_CALIBRATION_STEP)),
        threshold,
        conventions,
        conceptPriors: Object.fromEntries(conceptPriors(counted(null))),
      },
      rows: rows.length,
      titles: mine.length,
      sets: [...new Set(mine.map((e) => e.set))],
      outOfFold: outOfFoldBySet,
    };
  };
  const soc = path("soc"),
    isco = path("isco");
  return {
    features: RANKER_FEATURES,
    soc: soc.model,
    isco: isco.model,
    trainedOn: {
      soc: { titles: soc.titles, rows: soc.rows, sets: soc.sets, outOfFold: soc.outOfFold },
      isco: { titles: isco.titles, rows: isco.rows, sets: isco.sets, outOfFold: isco.outOfFold },
    },
  };
}

/**
 * The answer threshold: half the best F1 reachable on calibrated answers (probability, right?) of `titles` titles (a
 * title with no answer counts as not answered), to the hundredth. With calibrated probabilities the F1-optimal
 * threshold is half the optimal F1 (Lipton, Elkan and Narayanaswamy 2014, "Thresholding classifiers to maximize F1
 * score"); the best F1 itself is stable where the threshold that reaches it is not, as F1 is flat near its peak and
 * an isotonic step holding a tenth of the answers can fall on either side of the argmax from one model to the next.
 */
export function bestThreshold(probability: readonly number[], right: readonly number[], titles: number): number {
  const f1At = (t: number) => {
    let answered = 0,
      correct = 0;
    probability.forEach((p, i) => {
      if (p >= t - 1e-9) {
        answered++;
        correct += right[i];
      }
    });
    const precision = answered ? correct / answered : 0,
      recall = titles ? correct / titles : 0;
    return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  };
  const best = Math.max(...Array.from({ length: 99 }, (_, k) => f1At((k + 1) / 100)));
  return Math.round(50 * best) / 100;
}

/** Where each title's rows begin (rows come grouped by title), and one past the last row. */
function setStarts(rows: readonly Row[]): number[] {
  const out: number[] = [];
  rows.forEach((r, i) => {
    if (i === 0 || rows[i - 1].example !== r.example) out.push(i);
  });
  out.push(rows.length);
  return out;
}

/** A title's fold: a fixed hash, so every build trains on the same folds. */
export const foldOf = (title: string) => Number(Bun.hash.wyhash(title, 32n) % BigInt(FOLDS));

/**
 * The labels withheld while a training title is scored: its fold's own titles (a title under its `ownLabel`
 * source), so no title meets itself in the lexicon; for a title of ESCO's or a national list on the EU path, every
 * job-ad headline label too. A list is coded by its own classification and agrees with it by construction, while
 * the headlines' coders read a name as ads mean it ("Forstwirt" is ESCO's forester, a manager; the ads mean a
 * forestry worker): scored with the headlines, a list's title would teach the ranker to side with the list wherever
 * the two disagree. (On the U.S. path, where the headlines are read through the crosswalk, withholding them from
 * O*NET's and the Census's lists measured worse out of fold: en-US dev headlines 86.7 → 85.1.)
 */
export function withheldLabelsFor(
  lexicon: LexiconData,
  examples: readonly TrainingTitle[],
): (title: TrainingTitle) => Uint8Array {
  const foldOfLabel = new Map(
    examples
      .filter((e) => e.ownLabel)
      .map((e) => [`${LABEL_SOURCES.indexOf(e.ownLabel!)}|${e.title}`, foldOf(e.title)]),
  );
  const own = Array.from({ length: FOLDS }, () => new Uint8Array(lexicon.entryConcept.length));
  for (let e = 0; e < lexicon.entryConcept.length; e++) {
    const fold = foldOfLabel.get(`${lexicon.entrySource[e]}|${lexicon.labels.at(lexicon.entryLabel[e])}`);
    if (fold !== undefined) own[fold][e] = 1;
  }
  const headline = LABEL_SOURCES.indexOf("job_ad_headline");
  const ownAndHeadlines = own.map((mask) => mask.map((held, e) => (lexicon.entrySource[e] === headline ? 1 : held)));
  const fromEuList = (t: TrainingTitle) =>
    t.target === "isco" && (t.ownLabel === "esco_alt" || t.ownLabel === "national");
  return (title) => (fromEuList(title) ? ownAndHeadlines : own)[foldOf(title.title)];
}
