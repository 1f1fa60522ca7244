// Title matching as the salary host's endpoints use it: EU titles in EU places, confidence and alternatives on
// every matched answer, the 404 below the threshold, occupation_code, and E7's unmatched titles.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { openSnapshot } from "../../src/snapshot/open.ts";
import { storedRanker } from "../../src/snapshot/repositories/title-lexicon.ts";

// The thresholds the snapshot's ranker set from its calibration curve (docs/matching.md).
const ranker = storedRanker(openSnapshot(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite").db)!;
const THRESHOLD = { soc: ranker.soc.threshold, isco: ranker.isco.threshold };

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());
const get = (path: string) => s.call("salary", path);
const post = (path: string, body: unknown) =>
  s.call("salary", path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

describe("a non-English title on a U.S. path", () => {
  test("Softwareentwickler in Austin: ESCO's software developer reaches O*NET's own Software Developers (15-1252), not a closeMatch it does not name", async () => {
    // ESCO–O*NET crosswalk (esco/crosswalks): software developer ↔ 15-1251 and 15-1253 closeMatch, 15-1252 broadMatch;
    // O*NET's occupation title of 15-1252.00 is "Software Developers", ESCO's English name "software developer".
    const res = await get(
      `/api/v1/salary?job_title=${encodeURIComponent("Softwareentwickler (m/w/d)")}&location=${encodeURIComponent("Austin, TX")}`,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).query.matched_soc).toBe("15-1252");
  });
});

describe("E2 with titles in EU languages", () => {
  for (const [title, location, unit] of [
    ["Steuerberater (m/w/d)", "DE", "2411"],
    ["Comptable H/F", "Lyon", "2411"],
    ["Księgowa", "PL", "2411"],
    ["Verpleegkundige", "NL", "2221"],
  ] as const) {
    test(`${title} in ${location}: ISCO ${unit}, the label named in its language`, async () => {
      const res = await get(
        `/api/v1/salary?job_title=${encodeURIComponent(title)}&location=${encodeURIComponent(location)}`,
      );
      expect(res.status).toBe(200);
      const { query } = await res.json();
      expect(query.matched_isco_full).toBe(unit);
      expect(query.matched_isco).toBe(unit[0]);
      expect(["esco_label", "national_title", "trigram", "convention"]).toContain(query.match_method);
      expect(query.matched_label_language).not.toBe("en");
      expect(query.match_confidence).toBeGreaterThanOrEqual(THRESHOLD.isco);
      expect(query.alternatives.length).toBeLessThanOrEqual(3);
    });
  }

  test("a German title in a U.S. place reaches its O*NET occupation through the ESCO–O*NET crosswalk", async () => {
    const { query } = await (await get("/api/v1/salary?job_title=Krankenpfleger&location=US")).json();
    expect(query.matched_soc).toBe("29-1141");
    expect(query.matched_title).toBe("Registered Nurses");
    expect(query.matched_label_language).toBe("de");
  });
});

describe("confidence threshold", () => {
  test("a title matched below the threshold is a 404 NO_SALARY_DATA with alternatives, not figures for a guess", async () => {
    const res = await get("/api/v1/salary?job_title=Chief%20Happiness%20Wizard&location=US");
    expect(res.status).toBe(404);
    const { error } = await res.json();
    expect(error.code).toBe("NO_SALARY_DATA");
    expect(error.request_id).toBeString();
    expect(error.alternatives.length).toBeGreaterThan(0);
    for (const a of error.alternatives) expect(a.confidence).toBeLessThan(THRESHOLD.soc);
    expect(error.suggestion).toContain(error.alternatives[0].code);
  });

  test("E1 and E3 carry the match fields too", async () => {
    const trend = await (await get("/api/v1/trends?job_title=Registered%20Nurse&years=2")).json();
    expect(trend.match_confidence).toBeGreaterThanOrEqual(THRESHOLD.soc);
    expect(trend.match_confidence).toBeLessThanOrEqual(1);
    expect(trend.alternatives).toBeArray();
    const cmp = await (await get("/api/v1/salary/compare?job_title=Registered%20Nurse&locations=US;DE")).json();
    expect(cmp.match_confidence).toBe(trend.match_confidence); // one title, one match, on the U.S. path both
    expect(cmp.comparisons.map((c: any) => c.matched_code)).toEqual(["29-1141", "2221"]);
  });
});

describe("the served calibration curves", () => {
  test("the alternatives' isotonic steps each rest on at least 20 candidates, so no handful made a probability", () => {
    for (const path of ["soc", "isco"] as const) {
      const curve = ranker[path].alternative;
      // A curve of several steps (an empty one would serve the ranker's raw share), each on 20 candidates or more.
      expect(curve.n.length).toBeGreaterThan(1);
      expect(curve.n.every((n) => n >= 20)).toBe(true);
    }
  });

  test("both curves: a higher score is never a lower probability, and no probability is 0 or 1", () => {
    for (const path of ["soc", "isco"] as const)
      for (const curve of [ranker[path].answer, ranker[path].alternative]) {
        expect(curve.value.every((v, i) => i === 0 || v >= curve.value[i - 1])).toBe(true);
        // Platt's targets for the answers, one right and one wrong added to each step for the alternatives.
        expect(curve.value.every((v) => v > 0 && v < 1)).toBe(true);
      }
  });

  test("the answers' curve is Platt scaling: on one line in logit terms, points at every scored title's quantile", () => {
    for (const path of ["soc", "isco"] as const) {
      // A share of 0 or 1 has no logit, and the fit reads a share within 1e-6 of either as 1e-6 from it: the points
      // between are the line's.
      const inner = ranker[path].answer.at.flatMap((x, i) => (x > 1e-6 && x < 1 - 1e-6 ? [i] : []));
      const at = inner.map((i) => ranker[path].answer.at[i]),
        value = inner.map((i) => ranker[path].answer.value[i]);
      const logit = (p: number) => Math.log(p / (1 - p));
      const slope = (i: number, j: number) => (logit(value[j]) - logit(value[i])) / (logit(at[j]) - logit(at[i]));
      // σ(a + b·logit(x)): the slope between any two points is the same b, and positive.
      const b = slope(0, at.length - 1);
      expect(b).toBeGreaterThan(0);
      for (let i = 1; i + 1 < at.length; i++) expect(slope(0, i)).toBeCloseTo(b, 6);
    }
  });
});

describe("occupation_code instead of a title", () => {
  test("a SOC code wins over the title, which is echoed", async () => {
    const { query } = await (await get("/api/v1/salary?job_title=whatever&occupation_code=29-1141&location=US")).json();
    expect(query).toMatchObject({
      job_title: "whatever",
      matched_soc: "29-1141",
      match_method: "code",
      match_confidence: 1,
      matched_label: null,
    });
  });

  test("an ISCO-08 unit group for an EU place; a SOC code there maps to its ISCO group", async () => {
    expect((await (await get("/api/v1/salary?occupation_code=2512&location=DE")).json()).query).toMatchObject({
      matched_isco_full: "2512",
      match_method: "code",
    });
    expect(
      (await (await get("/api/v1/salary?occupation_code=29-1141.00&location=DE")).json()).query.matched_isco_full,
    ).toBe("2221");
  });

  test("an ISCO code for a U.S. place, an unknown code, or neither field: clear errors", async () => {
    const isco = await get("/api/v1/salary?occupation_code=2512&location=US");
    expect(isco.status).toBe(404);
    expect((await isco.json()).error.message).toContain("ISCO-08 codes answer for EU places");
    expect((await get("/api/v1/salary?occupation_code=99-9999")).status).toBe(404);
    const neither = await get("/api/v1/salary?location=US");
    expect(neither.status).toBe(422);
    expect((await neither.json()).error.errors[0].field).toBe("job_title");
  });
});

describe("E7 and E8", () => {
  const rec = (job_title: string, gender: "M" | "F", salary: number, extra: Record<string, unknown> = {}) => ({
    job_title,
    gender,
    salary,
    ...extra,
  });

  test("German and French titles are classified; unmatched titles are listed with counts and never trigger a joint assessment", async () => {
    const employees = [
      rec("Steuerberater", "M", 80000),
      rec("Steuerberaterin", "F", 80000),
      rec("Steuerberaterin", "F", 80000), // no gap among those classified
      rec("Zzyzx Qwerty", "M", 90000),
      rec("Zzyzx Qwerty", "F", 40000),
    ];
    const body = await (await post("/api/v1/compliance/pay-gap-report", { country: "DE", employees })).json();
    const unclassified = body.categories.find((c: any) => c.isco_code === "UNCLASSIFIED");
    expect(unclassified.gap_pct).toBeGreaterThan(5);
    expect(unclassified.requires_joint_assessment).toBe(false);
    expect(body.unmatched_titles).toEqual([
      { job_title: "Zzyzx Qwerty", employees: 2, alternatives: expect.any(Array) },
    ]);
    expect(JSON.stringify(body.unmatched_titles)).not.toContain("90000");
    const professionals = body.categories.find((c: any) => c.isco_code === "2");
    expect(professionals.employee_count).toBe(3);
    expect(professionals.match_confidence).toBeGreaterThanOrEqual(THRESHOLD.isco);
    expect(professionals.gap_pct).toBe(0);
    expect(body.requires_any_joint_assessment).toBe(false); // the unclassified 55.6% gap must not trigger one
    expect(body.recommendations.join(" ")).toContain("isco_code");
  });

  test("records with isco_code or soc_code skip title matching; an unknown code is a 422", async () => {
    const body = await (
      await post("/api/v1/compliance/pay-gap-report", {
        country: "FR",
        employees: [rec("x", "M", 50000, { isco_code: "7126" }), rec("y", "F", 50000, { soc_code: "47-2152" })],
      })
    ).json();
    expect(body.categories.map((c: any) => c.isco_code)).toEqual(["7"]);
    expect(body.unmatched_titles).toEqual([]);
    expect(
      (
        await post("/api/v1/compliance/pay-gap-report", {
          country: "FR",
          employees: [rec("x", "M", 1, { isco_code: "9999" }), rec("y", "F", 1)],
        })
      ).status,
    ).toBe(422);
  });

  test("E8 reads the title in the country's language and reports its confidence", async () => {
    const body = await (
      await post("/api/v1/compliance/validate-salary-range", {
        job_title: "Comptable",
        country: "FR",
        min_salary: 35000,
        max_salary: 45000,
      })
    ).json();
    expect(body).toMatchObject({ matched_isco: "2", matched_isco_full: "2411", match_method: "esco_label" });
    expect(body.match_confidence).toBeGreaterThanOrEqual(THRESHOLD.isco);
  });
});
