// `npm run eval:titles`: top-1 agreement of the title matcher with the evaluation sets (scripts/eval/title-sets.ts).
// The matcher is rebuilt from the snapshot's tables without the held-out rows, so no evaluated title is in its index.
import { Database } from "bun:sqlite";
import { buildEvalSets } from "./title-sets.ts";
import { notTitles, titleRanker } from "../snapshot/title-ranker.ts";
import { scoreSet, scoreTable, reliabilityTable } from "./score.ts";
import { lexiconInputs } from "../../src/snapshot/repositories/title-lexicon.ts";
import { buildLexicon } from "../../src/domain/title/lexicon.ts";
import { TitleMatcher } from "../../src/domain/title/match.ts";
import { majorGroupOf } from "../../src/domain/title/ranker.ts";

// `--answers FILE`: every title's best candidate as a TSV (set, title, right codes, best candidate, its confidence,
// below the threshold too), to compare runs.
const answersFile = process.argv.includes("--answers") ? process.argv[process.argv.indexOf("--answers") + 1] : null;
if (answersFile === undefined || answersFile?.startsWith("--")) {
  console.error("--answers takes a file name: --answers answers.tsv");
  process.exit(2);
}
// `--draw N`: the trees learn from another fixed sample of the unlikely candidates (boosting.ts; 0 is the served
// model's): runs that differ only in it show how much a retrain alone moves each figure.
const drawArg = process.argv.includes("--draw") ? process.argv[process.argv.indexOf("--draw") + 1] : "0";
const draw = Number(drawArg);
if (!Number.isInteger(draw) || draw < 0) {
  console.error("--draw takes a whole number: --draw 1");
  process.exit(2);
}
const db = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
const { sets, heldOutRows } = buildEvalSets(db);
const inputs = lexiconInputs(db);
const t0 = performance.now();
const lexicon = buildLexicon(
  inputs.concepts,
  inputs.labels.filter((l) => !heldOutRows.has(l.rowKey)),
);
console.error(
  `lexicon built without ${heldOutRows.size} held-out rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
// The ranker as the snapshot build trains it, on this lexicon (the held-out rows are in neither).
// `--first-stage`: without it, to compare.
const t1 = performance.now();
const ranker = process.argv.includes("--first-stage") ? null : titleRanker(db, lexicon, { draw });
if (ranker) {
  console.error(
    `ranker trained on ${ranker.trainedOn.soc.titles + ranker.trainedOn.isco.titles} titles in ${((performance.now() - t1) / 1000).toFixed(1)} s; out of fold (tune on these):`,
  );
  for (const path of ["soc", "isco"] as const)
    for (const [set, t] of Object.entries(ranker.trainedOn[path].outOfFold ?? {})) {
      console.error(
        `  ${set}: ${t.titles} titles, right ${((100 * t.right) / t.titles).toFixed(1)}% (major group ${((100 * (t.majorRight ?? 0)) / t.titles).toFixed(1)}%), recall@20 ${((100 * t.recall) / t.titles).toFixed(1)}%`,
      );
    }
}
const matcher = new TitleMatcher(lexicon, ranker);
console.error(`thresholds: U.S. ${matcher.threshold("soc")}, EU ${matcher.threshold("isco")}`);
const answers: string[] = ["set\ttitle\tright\tanswer\tconfidence\tgroup_confidence"];
/** The answer's major group's share: the confidences of the candidates in it, summed (at most 1). */
const groupConfidence = (m: NonNullable<ReturnType<typeof matcher.match>>) => {
  const group = (c: typeof m.best) => majorGroupOf(c.code);
  const sum = [m.best, ...m.alternatives]
    .filter((c) => group(c) === group(m.best))
    .reduce((a, c) => a + c.confidence, 0);
  return Math.min(1, Math.round(1000 * sum) / 1000);
};

// A set name to evaluate alone: the first argument that is neither an option nor an option's value.
const only = process.argv
  .slice(2)
  .find((a, i, all) => !a.startsWith("--") && all[i - 1] !== "--answers" && all[i - 1] !== "--draw");
const scores = sets
  .filter((s) => !only || s.name.includes(only))
  .map((set) =>
    scoreSet(
      set,
      (item, target) => {
        const m = matcher.match(item.title, { target, country: item.country, candidates: 20 });
        const right = [target === "soc" ? item.soc : item.isco, ...(item.alt ?? [])].join(";");
        const answer = m ? (target === "soc" ? m.best.concept.soc?.slice(0, 7) : m.best.concept.isco) : "";
        answers.push(
          [set.name, item.title, right, answer ?? "", m?.confidence ?? "", m ? groupConfidence(m) : ""].join("\t"),
        );
        if (!m) return null;
        const code = (c: typeof m.best) => (target === "soc" ? (c.concept.soc?.slice(0, 7) ?? null) : c.concept.isco);
        return {
          soc: m.best.concept.soc?.slice(0, 7) ?? null,
          isco: m.best.concept.isco,
          confidence: m.confidence,
          next: m.alternatives.map(code).filter((c): c is string => !!c),
        };
      },
      (target) => matcher.threshold(target),
    ),
  );
console.log(scoreTable(scores));
if (answersFile) await Bun.write(answersFile, `${answers.join("\n")}\n`);
if (process.argv.includes("--reliability"))
  console.log(`\nReliability: share right per confidence bin (answers in it)\n\n${reliabilityTable(scores)}`);

// Text that is no title (held out of the ranker's training): how much of it gets an answer instead of a 404.
const junk = notTitles(db).filter((n) => n.heldOut);
const junkRows = [...new Set(junk.map((n) => n.kind))].flatMap((kind) =>
  (["soc", "isco"] as const).map((target) => {
    const items = junk.filter((n) => n.kind === kind);
    const answered = items.filter(
      (n) =>
        (matcher.match(n.text, { target, country: target === "soc" ? "US" : "DE" })?.confidence ?? 0) >=
        matcher.threshold(target),
    ).length;
    return `| ${kind} | ${target === "soc" ? "U.S." : "EU (DE)"} | ${items.length} | ${((100 * answered) / items.length).toFixed(1)}% |`;
  }),
);
console.log(
  `\nNot a title, held out: answered (confidence at or above the threshold) instead of a 404; lower is better\n\n| text | path | n | answered |\n|---|---|---|---|\n${junkRows.join("\n")}`,
);
