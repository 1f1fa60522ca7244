// Wages OEWS publishes only under its own aggregate codes (25-9045 …) or broad groups, reached through every path,
// and NO_BENCHMARK suggesting only what would answer. Expected figures come from the publisher's file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { excelRows, textRows } from "../support/publisher.ts";

let s: TestServer;
let oews: Record<string, string>[];
beforeAll(async () => {
  s = startTestServer();
  oews = await textRows("bls-oews/oews_M2025_all_areas.csv");
}, 60_000);
afterAll(() => s.stop());
const salary = async (q: string) => s.call("salary", `/api/v1/salary?${q}`);
const n = (v: string) => (v === "" ? null : Number(v));
const published = (area: string, code: string) => oews.find((r) => r.AREA === area && r.OCC_CODE === code);

describe("E2 through an OEWS aggregate", () => {
  // The aggregate's own title names three O*NET occupations equally (an OEWS title is a label of each it holds); the
  // answer is the aggregate, as likely as the three together.
  test("Teaching Assistants, Except Postsecondary: the 25-9045 figures as published, matched_soc 25-9045, a note naming the aggregate and the matched occupation", async () => {
    const res = await salary("job_title=Teaching%20Assistants%2C%20Except%20Postsecondary");
    expect(res.status).toBe(200);
    const body = await res.json();
    const row = published("99", "25-9045")!;
    expect(row.OCC_TITLE).toBe("Teaching Assistants, Except Postsecondary");
    expect(body.query.matched_soc).toBe("25-9045");
    expect(body.salary).toMatchObject({
      p10: n(row.A_PCT10),
      p25: n(row.A_PCT25),
      median: n(row.A_MEDIAN),
      p75: n(row.A_PCT75),
      p90: n(row.A_PCT90),
      mean: n(row.A_MEAN),
    });
    const note = body.notes.find((x: string) => x.includes("OEWS aggregate"));
    expect(note).toContain("only within the OEWS aggregate 25-9045 (Teaching Assistants, Except Postsecondary)");
    expect(note).toContain(`${body.query.matched_title} (`);
  });

  for (const [title, code] of [
    ["Substance Abuse Counselor", "21-1018"],
    ["Mental Health Counselor", "21-1018"],
    ["Electrical Assembler", "51-2028"],
    ["First-Line Supervisors of Material-Moving Machine and Vehicle Operators", "53-1047"],
    ["Special Education Teachers, Elementary School", "25-2052"],
  ] as const) {
    test(`${title} → ${code}, in a state too`, async () => {
      const body = await (await salary(`job_title=${encodeURIComponent(title)}&location=Ohio`)).json();
      expect(body.query.matched_soc).toBe(code);
      expect(body.salary.median).toBe(n(published("39", code)!.A_MEDIAN));
    });
  }

  test("E3 compares through the aggregate in every U.S. place, and names it as matched_soc and matched_code", async () => {
    const body = await (
      await s.call(
        "salary",
        "/api/v1/salary/compare?job_title=Mental%20Health%20Counselor&locations=US;Texas;Austin,%20TX",
      )
    ).json();
    expect(body.matched_soc).toBe("21-1018");
    expect(body.comparisons.map((c: any) => c.matched_code)).toEqual(["21-1018", "21-1018", "21-1018"]);
    expect(body.comparisons.map((c: any) => c.median)).toEqual(
      ["99", "48", "12420"].map((a) => n(published(a, "21-1018")!.A_MEDIAN)),
    );
  });

  test("E1 continues the aggregate's own series, from its first vintage, as published", async () => {
    const body = await (
      await s.call("salary", "/api/v1/trends?job_title=Teaching%20Assistants%2C%20Except%20Postsecondary")
    ).json();
    expect(body.matched_soc).toBe("25-9045");
    const may2019 = (await excelRows("bls-oews/national_M2019_dl.xlsx")).find(
      (r) => (r.OCC_CODE ?? r.occ_code) === "25-9045",
    )!;
    expect(body.trend[0]).toEqual({
      year: 2019,
      median: Number(may2019.A_MEDIAN ?? may2019.a_median),
      basis: "published",
      oews_codes: ["25-9045"],
    });
    expect(body.trend.at(-1)).toEqual({
      year: 2025,
      median: n(published("99", "25-9045")!.A_MEDIAN),
      basis: "published",
      oews_codes: ["25-9045"],
    });
    expect(body.notes.join(" ")).toContain(
      "Left out: 2015, 2017 and 2018 (no figure under 25-9045 (Teaching Assistants, Except Postsecondary) holding the same occupations",
    );
  });

  test("E1 continues a broad group's series wherever a vintage publishes it under the same title", async () => {
    const body = await (await s.call("salary", "/api/v1/trends?occupation_code=13-1021")).json();
    expect(body.matched_soc).toBe("13-1020");
    const may2017 = (await excelRows("bls-oews/national_M2017_dl.xlsx")).find((r) => r.OCC_CODE === "13-1020")!;
    expect(may2017.OCC_TITLE).toBe(published("99", "13-1020")!.OCC_TITLE);
    expect(body.trend.map((p: any) => p.year)).toEqual([2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    expect(body.trend[0].median).toBe(Number(may2017.A_MEDIAN));
  });

  test("E8 takes the U.S. dispersion from the aggregate's national percentiles, and says so", async () => {
    const res = await s.call("salary", "/api/v1/compliance/validate-salary-range", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        job_title: "Mental Health Counselor",
        country: "IE",
        min_salary: 40000,
        max_salary: 50000,
      }),
    });
    const notes = (await res.json()).methodology_note;
    expect(notes).toContain("BLS OEWS May 2025 national percentiles of the matched U.S. occupation (21-1018)");
    expect(notes).toContain("only within the OEWS aggregate 21-1018");
  });

  test("E8 for an occupation without annual percentiles takes all occupations' from the latest vintage that has them, not a false Eurostat warning", async () => {
    const res = await s.call("salary", "/api/v1/compliance/validate-salary-range", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ job_title: "Actor", country: "IE", min_salary: 40000, max_salary: 50000 }),
    });
    const body = await res.json();
    expect(body.warnings.map((w: any) => w.code)).not.toContain("NO_BENCHMARK");
    expect(body.methodology_note).toContain("BLS OEWS May 2024 national percentiles of all U.S. occupations (00-0000)");
    expect(oews.some((r) => r.OCC_CODE === "00-0000")).toBe(false); // why May 2024: the May 2025 file has no all-occupations row
  });
});

describe("E17 and the aggregate codes", () => {
  test("GET /occupations/21-1018/wages answers every area the file publishes it in, with the codes it holds", async () => {
    const res = await s.call("skills", "/api/v1/occupations/21-1018/wages");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.length).toBe(oews.filter((r) => r.OCC_CODE === "21-1018").length);
    expect(body.metadata.oews_code).toBe("21-1018");
    expect(body.metadata.methodology_notes).toContain(
      "is an OEWS aggregate, not a SOC 2018 code: OEWS May 2025 publishes Substance Abuse and Behavioral Disorder Counselors (21-1011), Mental Health Counselors (21-1014) only within it",
    );
  });

  test("a detailed code inside an aggregate answers the aggregate's rows; an unknown code, or an aggregate with an O*NET suffix, is 404", async () => {
    const body = await (await s.call("skills", "/api/v1/occupations/25-9043.00/wages?area_code=99")).json();
    expect(body.metadata.oews_code).toBe("25-9045");
    expect(body.data[0].median).toBe(n(published("99", "25-9045")!.A_MEDIAN));
    expect((await s.call("skills", "/api/v1/occupations/25-9048/wages")).status).toBe(404);
    expect((await s.call("skills", "/api/v1/occupations/25-9045.01/wages")).status).toBe(404);
    expect((await s.call("skills", "/api/v1/occupations/15-1252.77/wages")).status).toBe(404);
  });

  test("a SOC code OEWS publishes under no code answers no rows, oews_code null, and says so", async () => {
    expect(oews.some((r) => r.OCC_CODE === "55-3016")).toBe(false);
    const body = await (await s.call("skills", "/api/v1/occupations/55-3016/wages")).json();
    expect(body.data).toEqual([]);
    expect(body.metadata.oews_code).toBeNull();
    expect(body.metadata.methodology_notes).toContain(
      "publishes no wages for 55-3016, nor for an aggregate or broad group that holds it",
    );
  });
});

describe("search results link to the code whose wages answer", () => {
  test("E15 and E14 give each occupation's oews_code: itself, its aggregate, or null where OEWS publishes nothing", async () => {
    const search = async (q: string) =>
      (await (await s.call("skills", `/api/v1/occupations/search?q=${q}&page_size=10`)).json()).data.items;
    const hits = await search("teaching%20assistants");
    const code = (soc: string) => hits.find((h: any) => h.soc_code === soc)?.oews_code;
    expect([code("25-9042.00"), code("25-9043.00"), code("25-9044.00")]).toEqual(["25-9045", "25-9045", "25-9044"]);
    expect((await search("infantry")).find((h: any) => h.soc_code === "55-3016.00").oews_code).toBeNull();
    const list = (await (await s.call("skills", "/api/v1/occupations?page_size=100")).json()).data.items;
    expect(list.find((o: any) => o.soc_code === "11-1011.00").oews_code).toBe("11-1011");
    for (const o of list.filter((x: any) => x.oews_code)) {
      const national = (await (await s.call("skills", `/api/v1/occupations/${o.oews_code}/wages?area_code=99`)).json())
        .data;
      expect(national.map((r: any) => r.total_employment)).toEqual([n(published("99", o.oews_code)!.TOT_EMP)]);
    }
  });
});

describe("NO_BENCHMARK suggests only a level that answers", () => {
  test("an MSA without the figure: the state and the nation, each only when it publishes one", async () => {
    // Nuclear engineers: published nationally and in Texas, not in the Austin MSA (checked in the file here).
    expect([published("99", "17-2161"), published("48", "17-2161")].every((r) => r && r.A_MEDIAN !== "")).toBe(true);
    expect(published("12420", "17-2161")).toBeUndefined();
    const err = (await (await salary("job_title=Nuclear%20Engineer&location=Austin,%20TX")).json()).error;
    expect(err.code).toBe("NO_BENCHMARK");
    expect(err.suggestion).toBe("Try the Texas figure (location=TX) or the national figure (location=US).");
  });

  test("a state without the figure suggests the nation; an occupation OEWS publishes nowhere suggests no place", async () => {
    // Nuclear engineers are not published in Wyoming; military occupations are published nowhere. (The nation has no
    // wider area, so it never suggests itself: test/snapshot/oews-codes.test.ts.)
    expect(published("56", "17-2161")).toBeUndefined();
    const state = (await (await salary("occupation_code=17-2161&location=Wyoming")).json()).error;
    expect(state.suggestion).toBe("Try the national figure (location=US).");
    const military = await salary("occupation_code=55-3016");
    expect(military.status).toBe(404);
    const err = (await military.json()).error;
    expect(err.code).toBe("NO_BENCHMARK");
    expect(err.suggestion).not.toContain("location=US");
    expect(err.request_id).toBeString();
  });

  test("an occupation OEWS publishes hourly only answers its hourly figures, annual ones null, and says why", async () => {
    const row = published("99", "27-2011")!;
    expect(row.A_MEDIAN).toBe("");
    const body = await (await salary("job_title=Actor")).json();
    expect(body.query.matched_soc).toBe("27-2011");
    expect(body.salary.median).toBeNull();
    expect(body.salary.hourly).toMatchObject({ median: n(row.H_MEDIAN), mean: n(row.H_MEAN) });
    expect(body.notes).toContain(
      `BLS OEWS May 2025 publishes only hourly wages for Actors (27-2011), as for occupations rarely worked full-time and year-round, so the annual figures are null; per hour: median ${n(row.H_MEDIAN)} USD, mean ${n(row.H_MEAN)} USD.`,
    );
    const compared = (await (await s.call("salary", "/api/v1/salary/compare?job_title=Actor&locations=US")).json())
      .comparisons[0];
    expect(compared.notes.join(" ")).toContain(`per hour: median ${n(row.H_MEDIAN)} USD`);
  });
});

describe("coverage: every code with a national row in the May 2025 file", () => {
  test("its own title reaches it through E2, and E17 answers its code", async () => {
    const codes = oews.filter((r) => r.AREA === "99");
    expect(codes.length).toBeGreaterThan(800); // the file was read: 830 codes in May 2025
    const missed: string[] = [];
    for (const r of codes) {
      const body = await (await salary(`job_title=${encodeURIComponent(r.OCC_TITLE)}`)).json();
      if (body.query?.matched_soc !== r.OCC_CODE)
        missed.push(`E2 ${r.OCC_CODE} ${r.OCC_TITLE} → ${body.query?.matched_soc ?? body.error?.code}`);
      const wages = await s.call("skills", `/api/v1/occupations/${r.OCC_CODE}/wages?area_code=99`);
      const rows = wages.status === 200 ? (await wages.json()).data : [];
      if (rows.length !== 1 || rows[0].total_employment !== n(r.TOT_EMP))
        missed.push(`E17 ${r.OCC_CODE} → ${wages.status}`);
    }
    expect(missed).toEqual([]);
  }, 120_000);
});
