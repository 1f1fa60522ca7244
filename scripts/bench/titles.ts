// `bun scripts/bench/titles.ts`: one title → occupation in process, the two-stage matcher (lexicon tiers, then the
// ranker and its calibration) beside its first stage alone (the matcher without the ranker, as before issue 32's
// second step), on the same titles in the same run: the employer titles' test split (U.S. path) and the job-ad
// headlines' test part (each on its path, with the headline's country), computed afresh (matchUncached: the matcher remembers
// answers to titles it has seen). BENCH_QUICK=1: one short round.
import { openSnapshot } from "../../src/snapshot/open.ts";
import { storedLexicon, storedRanker } from "../../src/snapshot/repositories/title-lexicon.ts";
import { TitleMatcher, type MatchOptions } from "../../src/domain/title/match.ts";
import { summarise, medianOfRuns, fmtUs, type LatencySummary } from "./stats.ts";
import { writeBenchmarkSection } from "./report.ts";
import { employerTitleSets, headlineSets } from "../eval/title-sets.ts";

const quick = process.env.BENCH_QUICK === "1";
const ROUNDS = quick ? 1 : 5;
const snapshot = openSnapshot(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite");
const lexicon = storedLexicon(snapshot.db);
const twoStage = new TitleMatcher(lexicon, storedRanker(snapshot.db));
const firstStage = new TitleMatcher(lexicon);

const inputs: { title: string; options: MatchOptions }[] = [
  ...employerTitleSets()
    .filter((s) => s.name.includes("test"))
    .flatMap((s) => s.items.map((i) => ({ title: i.title, options: { target: "soc" as const, country: "US" } }))),
  ...headlineSets()
    .filter((s) => s.name.includes("test"))
    .flatMap((s) =>
      s.items.map((i) => ({
        title: i.title,
        options: { target: i.soc ? ("soc" as const) : ("isco" as const), country: i.country },
      })),
    ),
].slice(0, quick ? 200 : undefined);

function time(matcher: TitleMatcher): LatencySummary {
  for (const x of inputs) matcher.matchUncached(x.title, x.options);
  const runs: LatencySummary[] = [];
  for (let r = 0; r < ROUNDS; r++)
    runs.push(
      summarise(
        inputs.map((x) => {
          const t0 = performance.now();
          matcher.matchUncached(x.title, x.options);
          return performance.now() - t0;
        }),
      ),
    );
  return medianOfRuns(runs);
}

// Alternating, so both see the same machine state.
const first = time(firstStage),
  both = time(twoStage),
  first2 = time(firstStage),
  both2 = time(twoStage);
const pick = (a: LatencySummary, b: LatencySummary) => (a.medianUs <= b.medianUs ? a : b);
const [f, t] = [pick(first, first2), pick(both, both2)];
const lines = [
  `${inputs.length} titles (employer titles' test split, U.S. path; job-ad headlines' test part, each on its path), median of ${ROUNDS} runs each, the better of two alternating passes:`,
  "",
  "| matcher | median | p99 |",
  "|---|---|---|",
  `| first stage alone (lexicon tiers, 4 candidates) | ${fmtUs(f.medianUs)} | ${fmtUs(f.p99Us)} |`,
  `| two stages (20 candidates, ranker, calibration) | ${fmtUs(t.medianUs)} | ${fmtUs(t.p99Us)} |`,
  `| ratio | ${(t.medianUs / f.medianUs).toFixed(2)} × | ${(t.p99Us / f.p99Us).toFixed(2)} × |`,
];
console.log(lines.join("\n"));
if (!quick)
  await writeBenchmarkSection("Title matching: one title in process, two stages beside the first", lines.join("\n"));
