// E16 GET /v1/occupations/{soc_code}/skills and E17 GET /v1/occupations/{soc_code}/wages
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { startTestServer, mirror, type TestServer } from "../support/server.ts";
import { excelRows } from "../support/publisher.ts";

let s: TestServer;
let knowledge: Record<string, any>[];
let oews2025: Record<string, string>[];
beforeAll(async () => {
  s = startTestServer();
  knowledge = (await excelRows("onet/db_29_3_excel/Knowledge.xlsx")).filter(
    (r) => r["O*NET-SOC Code"] === "29-1141.00",
  );
  oews2025 = parse(await Bun.file(mirror("bls-oews/oews_M2025_all_areas.csv")).text(), { columns: true });
}, 60_000);
afterAll(() => s.stop());
const get = (path: string) => s.call("skills", path);
const n = (v: string) => (v === "" ? null : Number(v));

describe("E16", () => {
  test("knowledge of Registered Nurses: every element of Knowledge.xlsx, normalised, by importance", async () => {
    const body = await (await get("/api/v1/occupations/29-1141.00/skills?category=knowledge")).json();
    const im = new Map(knowledge.filter((r) => r["Scale ID"] === "IM").map((r) => [r["Element ID"], r["Data Value"]]));
    expect(body.data.length).toBe(im.size);
    for (const k of body.data) expect(k.importance).toBeCloseTo((im.get(k.skill_id) - 1) / 4, 4);
    for (let i = 1; i < body.data.length; i++)
      expect(body.data[i - 1].importance).toBeGreaterThanOrEqual(body.data[i].importance);
  });

  test("15-1252, 15-1252.00 and a URL-encoded form are one occupation; O*NET 29.3 has no ratings for it → 200, empty, with a note", async () => {
    for (const code of ["15-1252", "15-1252.00", "15-1252%2E00", "%2015-1252"]) {
      const res = await get(`/api/v1/occupations/${code}/skills`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.data).toEqual([]);
      expect(body.metadata.methodology_notes).toContain(
        "publishes no skills, knowledge or work styles ratings for 15-1252.00",
      );
    }
  });

  test("unknown code → 404; malformed → 422", async () => {
    expect((await get("/api/v1/occupations/99-9999.00/skills")).status).toBe(404);
    for (const bad of ["15-12", "software", "15-1252.0", "..%2F..%2Fsecrets"])
      expect((await get(`/api/v1/occupations/${bad}/skills`)).status).toBe(422);
  });
});

describe("E17", () => {
  test("every published area of the latest vintage, values equal to the May 2025 file", async () => {
    const body = await (await get("/api/v1/occupations/29-1141.00/wages")).json();
    const rows = oews2025.filter((r) => r.OCC_CODE === "29-1141");
    expect(body.data.length).toBe(rows.length);
    const byTitle = new Map(body.data.map((w: any) => [w.area_title, w]));
    for (const r of rows) {
      const w: any = byTitle.get(r.AREA_TITLE);
      expect([w.year, w.median, w.mean, w.pct10, w.pct90, w.hourly_median, w.total_employment]).toEqual([
        2025,
        n(r.A_MEDIAN),
        n(r.A_MEAN),
        n(r.A_PCT10),
        n(r.A_PCT90),
        n(r.H_MEDIAN),
        n(r.TOT_EMP),
      ]);
    }
    const typeName: Record<string, string> = {
      "1": "national",
      "2": "state",
      "3": "territory",
      "4": "msa",
      "6": "nonmetro",
    };
    expect(new Set(body.data.map((w: any) => w.area_type))).toEqual(new Set(rows.map((r) => typeName[r.AREA_TYPE])));
    // What the file publishes for no metro row (read from the file, not written per vintage) is said once.
    const msa = oews2025.filter((r) => r.AREA_TYPE === "4");
    // A column the file does not have at all (its hourly percentiles) is as blank as an empty one.
    const blank = (col: string) => msa.every((r) => [undefined, "", "*", "#"].includes(r[col]));
    const missing = [
      ["A_MEAN", "annual mean"],
      ["H_MEAN", "hourly mean"],
      ["H_MEDIAN", "hourly median"],
      ["H_PCT10", "hourly 10th percentile"],
      ["H_PCT25", "hourly 25th percentile"],
      ["H_PCT75", "hourly 75th percentile"],
      ["H_PCT90", "hourly 90th percentile"],
    ].filter(([col]) => blank(col!));
    expect(missing.length).toBeGreaterThan(0);
    const names = missing.map(([, name]) => name!);
    const either = names.length < 2 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
    expect(body.metadata.methodology_notes).toContain(
      `BLS OEWS May 2025 publishes no ${either} for any metropolitan-area row; those figures are null.`,
    );
  });

  test("area_code: 7-digit, 5-digit CBSA and national forms; nulls carry a reason", async () => {
    const r = oews2025.find((x) => x.OCC_CODE === "15-1252" && x.AREA === "35620")!;
    for (const area of ["0035620", "35620"]) {
      const body = await (await get(`/api/v1/occupations/15-1252.00/wages?area_code=${area}`)).json();
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        area_code: "0035620",
        median: n(r.A_MEDIAN),
        mean: null,
        pct90: n(r.A_PCT90),
      });
      expect(body.metadata.null_reasons).toContainEqual({
        area_code: "0035620",
        field: "mean",
        reason: "blank in the BLS file: not published, or top-coded",
      });
    }
    const national = await (await get("/api/v1/occupations/15-1252/wages?area_code=0000000")).json();
    expect(national.data[0].area_title).toBe("U.S.");
  });

  test("May 2025 states no top-code and publishes wages above May 2024's: the note says so, not that $239,200 caps them", async () => {
    const row = oews2025.find((r) => r.AREA === "99" && r.OCC_CODE === "29-1211")!;
    expect(Number(row.A_MEDIAN)).toBeGreaterThan(239_200); // the file's own figure
    const body = await (await get("/api/v1/occupations/29-1211/wages?area_code=0000000")).json();
    expect(body.data[0].median).toBe(Number(row.A_MEDIAN));
    expect(body.metadata.methodology_notes).not.toContain("BLS top-codes wages");
    expect(body.metadata.methodology_notes).toContain(
      "BLS OEWS May 2025 states no top-code and publishes wages above May 2024's ($239,200 a year)",
    );
  });

  test("an O*NET .xx occupation answers with its 6-digit SOC code and says so", async () => {
    const body = await (await get("/api/v1/occupations/11-1011.03/wages?area_code=99")).json();
    const r = oews2025.find((x) => x.OCC_CODE === "11-1011" && x.AREA === "99")!;
    expect(body.data[0].median).toBe(n(r.A_MEDIAN));
    expect(body.metadata.methodology_notes).toContain("11-1011.03 is reported under its SOC code 11-1011");
  });

  test("unknown SOC → 404; unknown area → 404; malformed area → 422", async () => {
    expect((await get("/api/v1/occupations/99-9999/wages")).status).toBe(404);
    expect((await get("/api/v1/occupations/15-1252/wages?area_code=0099999")).status).toBe(404);
    for (const a of ["abc", "123", "00356201", ""])
      expect((await get(`/api/v1/occupations/15-1252/wages?area_code=${a}`)).status).toBe(422);
  });
});
