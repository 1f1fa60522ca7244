import { expect, test } from "bun:test";
import { RANKER_FEATURES, answerFirst, rankerFeatures, rerank, type CandidateFacts, type PathModel } from "./ranker.ts";
import { bestThreshold, conceptPriors, foldOf, withheldLabelsFor, type TrainingTitle } from "./train-ranker.ts";
import { buildLexicon, LABEL_SOURCES, type Concept, type LabelSource } from "./lexicon.ts";
import { TitleMatcher } from "./match.ts";

const facts = (score: number, extra: Partial<CandidateFacts> = {}): CandidateFacts => ({
  concept: "15-1252.00",
  code: "15-1252.00",
  score,
  exact: false,
  source: "onet_alternate",
  foreign: false,
  employment: 0,
  ownTitleShare: 0,
  countryLanguage: false,
  pattern: false,
  voteShare: 0,
  filedVoteShare: 0,
  wordVoteShare: 0,
  wordVoteRank: 0,
  wordVoteOnly: false,
  headWordShare: 0,
  headAgrees: false,
  pairVoteShare: 0,
  titleCover: 0,
  labelCover: 0,
  convention: null,
  helperUnsaid: false,
  ...extra,
});
const title = { words: 2, unknownShare: 0, allCaps: false, digits: false, headness: 0.8 };
// A model that reads only the first-stage score: weight 10 on "score", nothing else.
const model = (answer: number, alternative: number, conventions: PathModel["conventions"] = {}): PathModel => ({
  fit: { intercept: -5, weights: RANKER_FEATURES.map((f) => (f === "score" ? 10 : 0)), iterations: 0 },
  trees: null,
  answer: { at: [0], value: [answer], n: [20] },
  alternative: { at: [0], value: [alternative], n: [20] },
  threshold: 0.3,
  conventions,
  conceptPriors: {},
});

test("features: one value per named feature; lead and gap against the best other candidate", () => {
  const list = [facts(0.9), facts(0.6), facts(0.5)];
  const f = (i: number, name: string) => rankerFeatures(list, i, title)[RANKER_FEATURES.indexOf(name)];
  expect(rankerFeatures(list, 0, title)).toHaveLength(RANKER_FEATURES.length);
  expect(f(0, "lead")).toBeCloseTo(0.3, 10); // 0.9 − 0.6
  expect(f(1, "lead")).toBeCloseTo(-0.3, 10); // 0.6 − 0.9
  expect(f(2, "gap_to_best")).toBeCloseTo(0.4, 10);
  expect(f(0, "source_onet_alternate")).toBe(1);
});

test("rerank: the model's order; the answer's probability from the answer curve, alternatives' never above it", () => {
  const out = rerank([facts(0.4), facts(0.8)], title, model(0.7, 0.9));
  expect(out.map((c) => c.score)).toEqual([0.8, 0.4]);
  expect(out.map((c) => c.probability)).toEqual([0.7, 0.7]);
});

test("rerank: a coding convention's occupation goes first, with its training precision add-one smoothed", () => {
  const out = rerank(
    [facts(0.9), facts(0.2, { convention: "nursing" })],
    title,
    model(0.95, 0.5, { nursing: { fired: 8, right: 6 } }),
  );
  expect(out[0].convention).toBe("nursing");
  expect(out[0].probability).toBe(0.7); // (6 + 1) / (8 + 2)
  expect(out[1].probability).toBe(0.5);
});

test("rerank: a title that is exactly an occupation's own name is that occupation, whatever the model says", () => {
  // The model reads the score alone: the synonym at 0.9 has the larger share, the own name at 0.8 goes first.
  const out = rerank(
    [
      facts(0.9, { code: "25-2021.00", source: "onet_alternate" }),
      facts(0.8, { code: "25-2056.00", exact: true, source: "onet_title" }),
      facts(0.7, { code: "25-2057.00", exact: true, source: "onet_alternate" }),
    ],
    title,
    model(0.6, 0.3),
  );
  expect(out.map((c) => c.code)).toEqual(["25-2056.00", "25-2021.00", "25-2057.00"]);
  // An exact synonym is no own name, nor is an own name reached through a crosswalk: the model's order stands.
  for (const other of [{ exact: true }, { exact: true, source: "esco_preferred", foreign: true }] as const) {
    const out = rerank([facts(0.9), facts(0.8, { code: "29-1141.00", ...other })], title, model(0.6, 0.3));
    expect(out[0].code).toBe("15-1252.00");
  }
});

test("rerank: an own name yields to a job-ad headline of the same words coded otherwise", () => {
  // ESCO's French "aide à domicile" (its companion, 5162) and an ad's headline our coders coded home care (5322),
  // both exact; the model (score alone) prefers the headline's 0.9.
  const list = [
    facts(0.9, { code: "5322", exact: true, source: "job_ad_headline" }),
    facts(0.8, { code: "5162", exact: true, source: "esco_preferred" }),
  ];
  expect(rerank(list, title, model(0.6, 0.3)).map((c) => c.code)).toEqual(["5322", "5162"]);
  // A headline coded as the own name says the same: the own name goes first, before the headline's larger share.
  const agreeing = [
    facts(0.9, { code: "5162", exact: true, source: "job_ad_headline" }),
    facts(0.8, { code: "5162", exact: true, source: "esco_preferred" }),
  ];
  expect(rerank(agreeing, title, model(0.6, 0.3))[0].source).toBe("esco_preferred");
  // A headline that only overlaps the title says nothing of the name: the own name goes first.
  const overlapping = [facts(0.9, { code: "5322", source: "job_ad_headline" }), list[1]];
  expect(rerank(overlapping, title, model(0.6, 0.3)).map((c) => c.code)).toEqual(["5162", "5322"]);
});

test("rerank: job-ad headlines of exactly the title's words, coded alike, go first on their own path", () => {
  // ESCO's German "Forstwirt" is its forester, a manager (1311); the ads our coders read mean a forestry worker
  // (6210). The model (score alone) prefers ESCO's label.
  const esco = facts(0.9, { code: "1311", exact: true, source: "esco_alt" });
  const ad = facts(0.5, { code: "6210", exact: true, source: "job_ad_headline" });
  expect(rerank([esco, ad], title, model(0.6, 0.3)).map((c) => c.code)).toEqual(["6210", "1311"]);
  // As served, ESCO's label is the forester's own name: it yields to the headline, which then goes first.
  const ownName = { ...esco, source: "esco_preferred" as const };
  expect(rerank([ownName, ad], title, model(0.6, 0.3)).map((c) => c.code)).toEqual(["6210", "1311"]);
  // A coding convention goes before it.
  const ruled = facts(0.2, { code: "9215", convention: "nursing" });
  expect(rerank([esco, ad, ruled], title, model(0.6, 0.3)).map((c) => c.code)).toEqual(["9215", "6210", "1311"]);
  // Headlines of these words coded two ways, one reached through the crosswalk, or one that only overlaps the
  // title: the model's order stands.
  const otherAd = facts(0.4, { code: "1311", exact: true, source: "job_ad_headline" });
  for (const list of [
    [esco, ad, otherAd],
    [esco, { ...ad, foreign: true }],
    [esco, { ...ad, exact: false }],
  ])
    expect(rerank(list, title, model(0.6, 0.3))[0].code).toBe("1311");
});

test("rerank: a pattern answer's probability is at most its score", () => {
  expect(rerank([facts(0.55, { pattern: true })], title, model(0.9, 0.1))[0].probability).toBe(0.55);
});

test("the answer is the best candidate of the major group with the most share; the rest by share", () => {
  const order = (list: [string, number][]) =>
    answerFirst(list.map(([code, s], i) => ({ code, s, i }))).map((x) => x.code);
  // SOC: 15-1252 holds 0.40 alone; 29-1141 and 29-2061 hold 0.35 + 0.20 = 0.55 of group 29.
  expect(
    order([
      ["15-1252.00", 0.4],
      ["29-2061.00", 0.2],
      ["29-1141.00", 0.35],
    ]),
  ).toEqual(["29-1141.00", "15-1252.00", "29-2061.00"]);
  // ISCO: the first digit is the major group (2221 and 2212 hold 0.5 of group 2 against 5321's 0.45).
  expect(
    order([
      ["5321", 0.45],
      ["2221", 0.3],
      ["2212", 0.2],
    ]),
  ).toEqual(["2221", "5321", "2212"]);
  // One group holding the most share alone keeps the best candidate first.
  expect(
    order([
      ["2221", 0.6],
      ["5321", 0.3],
    ]),
  ).toEqual(["2221", "5321"]);
});

test("the threshold: half the best F1, worked by hand", () => {
  // Answers (probability, right): (0.9, 1) (0.6, 1) (0.3, 0) (0.1, 0), and a fifth title with no answer.
  // t ≤ 0.1: P 2/4, R 2/5, F1 0.444; t ≤ 0.3: P 2/3, F1 0.5; t ≤ 0.6: P 1, R 0.4, F1 0.571; t ≤ 0.9: P 1, R 0.2, F1 0.333.
  // The best F1 is 4/7 = 0.571; half of it, to the hundredth, 0.29.
  expect(bestThreshold([0.9, 0.6, 0.3, 0.1], [1, 1, 0, 0], 5)).toBe(0.29);
  // Every answer right and every title answered: F1 1, threshold 0.5.
  expect(bestThreshold([0.9, 0.6], [1, 1], 2)).toBe(0.5);
});

test("folds are fixed by the title: every build trains on the same ones", () => {
  expect(foldOf("Registered Nurse")).toBe(foldOf("Registered Nurse"));
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < 1000; i++) counts[foldOf(`title ${i}`)]++;
  for (const c of counts) expect(c).toBeGreaterThan(150);
});

test("an occupation's prior: its proposals' rate of being right against the average, smoothed, in logits (by hand)", () => {
  // Smoothed as by a = 20 titles of average outcome. A right twice, B wrong twice: the average m = 2/4.
  // A: logit((2 + 20·0.5)/(2 + 20)) = ln(12/10) = 0.182; B, its opposite. A weight counts as that many titles:
  // E, right once and wrong once beside C (right, weight 3) and D (wrong, weight 3), is the average, 0.
  const p = (concept: string, right: number, weight = 1) => ({ concept, right, weight });
  const priors = conceptPriors([p("A", 1), p("A", 1), p("B", 0), p("B", 0)]);
  expect(priors.get("A")).toBe(0.182);
  expect(priors.get("B")).toBe(-0.182);
  expect(conceptPriors([p("C", 1, 3), p("D", 0, 3), p("E", 1), p("E", 0)]).get("E")).toBe(0);
  // With every proposal right (or none) there is no average to compare with: no prior.
  expect(conceptPriors([p("A", 1)]).size).toBe(0);
});

test("training: a publisher's list's title on the EU path is scored without the job-ad headlines; a user's with them", () => {
  // ESCO names its forester (a manager, 1311) "Forstwirt"; the ads our coders read mean a forestry worker (6210).
  const isco = (code: string, title: string): Concept => ({
    key: `isco:${code}`,
    kind: "isco",
    title,
    soc: null,
    socBasis: null,
    isco: code,
    iscoBasis: null,
    employment: 1000,
  });
  const lexicon = buildLexicon(
    [isco("1311", "Agricultural and Forestry Production Managers"), isco("6210", "Forestry and Related Workers")],
    [
      { concept: 0, text: "Forstwirt/Forstwirtin", lang: "de", source: "esco_preferred" },
      { concept: 0, text: "Forstwirtin (Staatsforst)", lang: "de", source: "esco_alt" },
      { concept: 1, text: "Forstwirt (m/w/d) – Staatsforst", lang: "de", source: "job_ad_headline" },
    ],
  );
  const entryOf = (source: LabelSource) => [...lexicon.entrySource].indexOf(LABEL_SOURCES.indexOf(source));
  const [preferred, alternative, headline] = (["esco_preferred", "esco_alt", "job_ad_headline"] as const).map(entryOf);
  const example = (extra: Partial<TrainingTitle>): TrainingTitle => ({
    title: "Forstwirtin (Staatsforst)",
    country: "DE",
    target: "isco",
    right: [],
    set: "by hand",
    calibrates: false,
    ...extra,
  });
  const list = example({ ownLabel: "esco_alt" }),
    user = example({ calibrates: true }),
    notATitle = example({}),
    usList = example({ ownLabel: "esco_alt", target: "soc" });
  const withheldFor = withheldLabelsFor(lexicon, [list, user, notATitle, usList]);
  const held = (t: TrainingTitle) => [preferred, alternative, headline].map((e) => withheldFor(t)[e]);
  // A list's title on the EU path: its own label (its fold's) and the headlines withheld; ESCO's own name read.
  expect(held(list)).toEqual([0, 1, 1]);
  const codes = (t: TrainingTitle) =>
    new TitleMatcher(lexicon)
      .firstStage(t.title, { target: "isco", country: "DE", withheld: withheldFor(t) }, 4)
      .proposals.map((p) => p.code)
      .sort();
  expect(codes(list)).toEqual(["1311"]);
  // A user's title, a text that is no title (no list's), and a list's title on the U.S. path read the headlines
  // (on the U.S. path it measured better out of fold); the fold's own labels stay withheld (one title, one fold).
  expect(held(user)).toEqual([0, 1, 0]);
  expect(codes(user)).toEqual(["1311", "6210"]);
  expect(held(notATitle)).toEqual([0, 1, 0]);
  expect(held(usList)).toEqual([0, 1, 0]);
});
