// The SOC 2010 → 2018 relations and trend sources on a small made-up classification, one case per relation.
import { describe, expect, test } from "bun:test";
import {
  employmentWeighted,
  hybridHolders,
  populationCheck,
  socRevisions,
  trendSources,
  type RevisionInputs,
} from "./soc-revision.ts";

// SOC 2018 detailed codes of the example, with what each case is:
//   11-1111 one_to_one from 11-1111             11-2222 merged from 11-2001 + 11-2002
//   11-3331 principal from 11-3001 + 11-3002 (both also feed 11-3332, which is smaller)
//   11-3332 split from the same two             11-4441 split: 11-4001 lives on as 11-4001 too
//   11-4001 the survivor                        11-5555 new (no SOC 2010 source)
const detailed = new Map([
  ["11-1111", "Alpha Makers"],
  ["11-2222", "Beta Workers"],
  ["11-3331", "Gamma Developers"],
  ["11-3332", "Gamma Testers"],
  ["11-4441", "Delta Planners"],
  ["11-4001", "Delta Workers"],
  ["11-5555", "Epsilon Analysts"],
]);
const pairs = [
  ["11-1111", "11-1111"],
  ["11-2001", "11-2222"],
  ["11-2002", "11-2222"],
  ["11-3001", "11-3331"],
  ["11-3001", "11-3332"],
  ["11-3002", "11-3331"],
  ["11-3002", "11-3332"],
  ["11-4001", "11-4001"],
  ["11-4001", "11-4441"],
].map(([soc2010, soc2018]) => ({ soc2010: soc2010!, soc2018: soc2018! }));
const employment: Record<string, number> = {
  "2018|11-3001": 600,
  "2018|11-3002": 400,
  "2021|11-3331": 1100,
  "2021|11-3332": 200,
  "2021|11-4001": 900,
  "2021|11-4441": 1000,
  "2019|11-3336": 1250,
};
const vintage = (year: number, codes: Record<string, string>) => ({ year, titles: new Map(Object.entries(codes)) });
const input = (emp = employment): RevisionInputs => ({
  pairs,
  detailed,
  vintages: [
    vintage(2018, {
      "11-1111": "Alpha Makers",
      "11-2001": "Beta One",
      "11-2002": "Beta Two",
      "11-3001": "Gamma A",
      "11-3002": "Gamma B",
      "11-4001": "Delta",
    }),
    vintage(2019, {
      "11-1111": "Alpha Makers",
      "11-2222": "Beta Workers",
      "11-3336": "Gamma Developers and Gamma Testers",
      "11-4001": "Delta",
    }),
    vintage(2021, Object.fromEntries(detailed)),
  ],
  employment: (y, c) => emp[`${y}|${c}`] ?? null,
});

describe("socRevisions", () => {
  const byCode = (emp?: Record<string, number>) => new Map(socRevisions(input(emp)).map((r) => [r.soc, r]));

  test("one relation per SOC 2018 code, as the crosswalk and the employment checks say", () => {
    const r = byCode();
    expect(Object.fromEntries([...r].map(([c, v]) => [c, v.relation]))).toEqual({
      "11-1111": "one_to_one",
      "11-2222": "merged",
      "11-3331": "principal",
      "11-3332": "split",
      "11-4001": "split",
      "11-4441": "split",
      "11-5555": "new",
    });
    expect(r.get("11-3331")!.employmentRatio).toBeCloseTo(1.1, 10);
    expect(r.get("11-2222")!.from).toEqual(["11-2001", "11-2002"]);
  });

  test("a principal continuation needs the employment to agree: 11-3331 at 1,300 against 1,000 before is split", () => {
    expect(byCode({ ...employment, "2021|11-3331": 1300 }).get("11-3331")!.relation).toBe("split");
  });

  test("a number that lives on is principal with one source when the employment agrees; what split off from it is not", () => {
    const r = byCode({ ...employment, "2018|11-4001": 1000 });
    expect([r.get("11-4001")!.relation, r.get("11-4001")!.employmentRatio, r.get("11-4441")!.relation]).toEqual([
      "principal",
      0.9,
      "split",
    ]);
    const sources = trendSources(input({ ...employment, "2018|11-4001": 1000 }), [...r.values()]);
    expect(sources.find((t) => t.year === 2018 && t.soc === "11-4001")).toEqual({
      year: 2018,
      soc: "11-4001",
      codes: ["11-4001"],
      basis: "published",
    });
  });

  test("with a successor's employment unknown, no successor is known to lead: split", () => {
    const { "2021|11-3332": _, ...rest } = employment;
    expect(byCode(rest).get("11-3331")!.relation).toBe("split");
  });
});

describe("trendSources", () => {
  const sources = trendSources(input(), socRevisions(input()));
  const at = (year: number, soc: string) => sources.find((s) => s.year === year && s.soc === soc);

  test("SOC 2010 years: one-to-one published, merged and principal combined, split and new absent", () => {
    expect(at(2018, "11-1111")).toEqual({ year: 2018, soc: "11-1111", codes: ["11-1111"], basis: "published" });
    expect(at(2018, "11-2222")).toEqual({
      year: 2018,
      soc: "11-2222",
      codes: ["11-2001", "11-2002"],
      basis: "combined_soc2010",
    });
    expect(at(2018, "11-3331")?.basis).toBe("combined_soc2010");
    expect([at(2018, "11-3332"), at(2018, "11-4441"), at(2018, "11-5555")]).toEqual([undefined, undefined, undefined]);
  });

  test("hybrid years: the code itself when published, else the one hybrid code whose title holds it", () => {
    expect(at(2019, "11-2222")).toEqual({ year: 2019, soc: "11-2222", codes: ["11-2222"], basis: "published" });
    expect(at(2019, "11-3331")).toEqual({ year: 2019, soc: "11-3331", codes: ["11-3336"], basis: "oews_hybrid" });
    expect(at(2019, "11-3332")?.codes).toEqual(["11-3336"]);
    expect(sources.some((s) => s.year >= 2021)).toBe(false);
  });
});

describe("hybridHolders", () => {
  const isSoc = (c: string) => detailed.has(c) || pairs.some((p) => p.soc2010 === c);
  const holders = (titles: Record<string, string>, emp: Record<string, number> = employment) =>
    hybridHolders(vintage(2019, titles), input(emp), isSoc, 2021);

  test("a hybrid holds the codes whose titles it joins, even across broad groups of the minor group", () => {
    const h = holders({ "11-3996": "Gamma Developers and Gamma Testers" }, { ...employment, "2019|11-3996": 1300 });
    expect(Object.fromEntries(h)).toEqual({ "11-3331": "11-3996", "11-3332": "11-3996" });
  });

  test("none when its title has words no held code accounts for (it also holds something unnamed)", () => {
    expect(
      holders({ "11-3336": "Gamma Developers and Omega Scientists" }, { ...employment, "2019|11-3336": 1100 }).size,
    ).toBe(0);
  });

  test("none when its employment is far from what its codes employ in the first SOC 2018 vintage", () => {
    expect(holders({ "11-3336": "Gamma Developers" }, { ...employment, "2019|11-3336": 5000 }).size).toBe(0);
  });

  test("none when two hybrids could hold a code (the files would not say which)", () => {
    expect(holders({ "11-3336": "Gamma Developers and Others", "11-3337": "Gamma Developers and More" }).size).toBe(0);
  });
});

describe("employmentWeighted", () => {
  test("Σ employment × value ÷ Σ employment", () => {
    expect(
      employmentWeighted([
        { employment: 903160, value: 103620 },
        { employment: 405330, value: 110000 },
      ]),
    ).toBeCloseTo(105596.33, 2);
  });
  test("null when any part lacks a value or an employment: never a partial mix", () => {
    expect(
      employmentWeighted([
        { employment: 10, value: 1 },
        { employment: 5, value: null },
      ]),
    ).toBeNull();
    expect(employmentWeighted([{ employment: null, value: 1 }])).toBeNull();
    expect(employmentWeighted([])).toBeNull();
  });
});

describe("populationCheck", () => {
  test("the nearest vintages publishing each; the same population within ±20% of the code's own", () => {
    // 15-1256 in May 2019–2020 against 15-1253 from May 2021 (OEWS national files): May 2020 meets May 2021.
    const hybrid = new Map([
      [2019, 1406870],
      [2020, 1476800],
    ]);
    expect(
      populationCheck(
        hybrid,
        new Map([
          [2021, 190120],
          [2022, 196420],
        ]),
      ),
    ).toEqual({
      sourceYear: 2020,
      source: 1476800,
      targetYear: 2021,
      target: 190120,
      same: false,
    });
    expect(populationCheck(hybrid, new Map([[2021, 1364180]]))?.same).toBe(true); // 15-1252: 1.08×
    // The bounds: 120 and 80 against 100 are the same population, 121 and 79 are not.
    const against100 = (n: number) => populationCheck(new Map([[2018, n]]), new Map([[2021, 100]]))!.same;
    expect([120, 80, 121, 79].map(against100)).toEqual([true, true, false, false]);
    // The same vintage beats any other; nothing to compare → null.
    expect(
      populationCheck(
        new Map([
          [2020, 50],
          [2021, 100],
        ]),
        new Map([[2021, 100]]),
      )?.sourceYear,
    ).toBe(2021);
    expect(populationCheck(new Map(), new Map([[2021, 100]]))).toBeNull();
  });
});
