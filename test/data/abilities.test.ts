// O*NET's abilities ratings are not in the mirror; when an operator places Abilities.txt (or .xlsx) in the O*NET
// folder, the build loads them as it loads skills. Built here from the fixture mirror, with the full content model
// from the shared mirror and an Abilities.txt in O*NET's published text layout holding two ratings worked by hand.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildSnapshot } from "../../scripts/snapshot/build.ts";
import { FIXTURES } from "../../scripts/fixtures/cut-mirror.ts";
import { openSnapshot } from "../../src/snapshot/open.ts";
import { createServices, type Services } from "../../src/services.ts";
import { onetNotes } from "../../src/hosts/skills/models.ts";
import { mirror } from "../support/server.ts";

const dir = mkdtempSync(join(tmpdir(), "wf-abilities-"));
let s: Services;
// O*NET's text release columns (the same as Skills.txt); IM on 1–5, LV on 0–7.
const HEADER =
  "O*NET-SOC Code\tElement ID\tElement Name\tScale ID\tData Value\tN\tStandard Error\tLower CI Bound\tUpper CI Bound\tRecommend Suppress\tNot Relevant\tDate\tDomain Source";
const ROWS = [
  "11-1021.00\t1.A.1.a.1\tOral Comprehension\tIM\t4.25\t8\t0.16\t3.93\t4.57\tN\tn/a\t08/2023\tAnalyst",
  "11-1021.00\t1.A.1.a.1\tOral Comprehension\tLV\t4.62\t8\t0.18\t4.27\t4.98\tN\tN\t08/2023\tAnalyst",
  "13-2011.00\t1.A.1.a.1\tOral Comprehension\tIM\t3.50\t8\t0.19\t3.12\t3.88\tN\tn/a\t08/2023\tAnalyst",
  "13-2011.00\t1.A.1.a.1\tOral Comprehension\tLV\t3.50\t8\t0.19\t3.12\t3.88\tN\tN\t08/2023\tAnalyst",
];

beforeAll(async () => {
  const data = join(dir, "mirror");
  cpSync(resolve(FIXTURES), data, { recursive: true });
  const model = "onet/db_30_0_text/Content Model Reference.txt";
  cpSync(mirror(model), join(data, model)); // the fixture's cut holds no abilities (1.A.*)
  writeFileSync(join(data, "onet/db_30_0_text/Abilities.txt"), `${HEADER}\n${ROWS.join("\n")}\n`);
  await buildSnapshot(data, join(dir, "snapshot.sqlite"));
  s = createServices(openSnapshot(join(dir, "snapshot.sqlite")));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("placed Abilities.txt ratings are loaded: importance (IM − 1) / 4 and level LV / 7, most important first", () => {
  expect(s.skills.abilitiesRated).toBe(true);
  expect(s.skills.occupationsFor("1.A.1.a.1").map((r) => [r.socCode, r.importance, r.level])).toEqual([
    ["11-1021.00", 0.8125, 0.66], // (4.25 − 1) / 4, 4.62 / 7 = 0.66
    ["13-2011.00", 0.625, 0.5], // (3.5 − 1) / 4, 3.5 / 7
  ]);
  const rated = s.skills.ratingsOf("11-1021.00").find((r) => r.skill.skillId === "1.A.1.a.1");
  expect(rated?.skill.category).toBe("ability");
  expect(onetNotes(s.skills)).toContain("Abilities ratings: O*NET's Abilities file");
  expect(s.skills.list("ability")).toHaveLength(52); // every ability listed, rated or not
});
