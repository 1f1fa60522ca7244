// The SOC → OEWS code map the build derives from the OEWS files and the SOC 2018 structure.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { SNAPSHOT_DDL } from "../../src/snapshot/schema.ts";
import { writeOewsCodeMap } from "../../scripts/snapshot/derived.ts";
import { textRows } from "../support/publisher.ts";
import { WagesRepository } from "../../src/snapshot/repositories/wages.ts";

const snapshot = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
afterAll(() => snapshot.close());
const mapped = (year: number, code: string) =>
  snapshot
    .query<{ soc_code: string }, [number, string]>(
      "SELECT soc_code FROM oews_code_map WHERE year = ? AND oews_code = ? AND basis = 'oews_aggregate' ORDER BY 1",
    )
    .all(year, code)
    .map((r) => r.soc_code);

describe("wider areas, for NO_BENCHMARK's suggestions", () => {
  test("an MSA's are its principal state and the nation; a state's the nation; the nation has none, so it never suggests itself", () => {
    const wages = new WagesRepository(snapshot);
    expect(wages.widerAreas(2025, "0012420").map((a) => `${a.areaCode} ${a.postal}`)).toEqual([
      "4800000 TX",
      "0000000 US",
    ]);
    expect(wages.widerAreas(2025, "5600000").map((a) => a.areaCode)).toEqual(["0000000"]);
    expect(wages.widerAreas(2025, "0000000")).toEqual([]);
  });
});

describe("oews_code_map", () => {
  test("May 2025: the five OEWS aggregates of the file, each holding the SOC 2018 codes of its broad group the file leaves out", async () => {
    // The aggregates, read from the publisher's file: national codes that SOC 2018 does not define.
    const socCodes = new Set(
      (await textRows("soc/soc_structure_2018.csv"))
        .flatMap((r) => Object.values(r))
        .filter((v) => /^\d{2}-\d{4}$/.test(v ?? "")),
    );
    const national = (await textRows("bls-oews/oews_M2025_all_areas.csv")).filter((r) => r.AREA === "99");
    expect(
      national
        .map((r) => r.OCC_CODE)
        .filter((c) => !socCodes.has(c) && !c.endsWith("0"))
        .sort(),
    ).toEqual(["21-1018", "25-2052", "25-9045", "51-2028", "53-1047"]);
    expect(mapped(2025, "21-1018")).toEqual(["21-1011", "21-1014"]);
    expect(mapped(2025, "25-9045")).toEqual(["25-9042", "25-9043", "25-9049"]);
    expect(mapped(2025, "51-2028")).toEqual(["51-2022", "51-2023"]);
    expect(mapped(2025, "53-1047")).toEqual(["53-1042", "53-1043", "53-1044", "53-1049"]);
    expect(mapped(2025, "25-2052")).toEqual(["25-2055", "25-2056"]);
    // The same compositions from the publisher files alone: the SOC 2018 detailed codes of each aggregate's broad group
    // that the file does not publish (the issue lists 25-9042 and 25-9043; the file leaves out 25-9049 too).
    const detailed = (await textRows("soc/soc_structure_2018.csv"))
      .map((r) => r["Detailed Occupation"])
      .filter(Boolean);
    const publishedNationally = new Set(national.map((r) => r.OCC_CODE));
    for (const aggregate of ["21-1018", "25-2052", "25-9045", "51-2028", "53-1047"]) {
      const left = detailed
        .filter((c) => c.slice(0, 6) === aggregate.slice(0, 6) && !publishedNationally.has(c))
        .sort();
      expect(mapped(2025, aggregate)).toEqual(left);
    }
    // What the file does publish separately stays itself: aircraft cargo supervisors, postsecondary assistants.
    for (const own of ["53-1041", "25-9044", "21-1012"]) {
      expect(
        snapshot.query("SELECT oews_code, basis FROM oews_code_map WHERE year = 2025 AND soc_code = ?").get(own),
      ).toEqual({ oews_code: own, basis: "own_code" });
    }
  });

  test("every vintage E1 reads has its map; before May 2021 only the latest vintage's aggregates and broad groups, under the same title", () => {
    const latest = new Map(
      snapshot
        .query<{ soc_code: string; oews_code: string }, []>(
          "SELECT soc_code, oews_code FROM oews_code_map WHERE year = 2025 AND basis != 'own_code'",
        )
        .all()
        .map((r) => [r.soc_code, r.oews_code]),
    );
    const earlier = snapshot
      .query<{ year: number; soc_code: string; oews_code: string; same_title: number; own_published: number }, []>(
        `SELECT m.year, m.soc_code, m.oews_code,
         (SELECT occ_title FROM oews_wage WHERE year = m.year AND occ_code = m.oews_code LIMIT 1) = (SELECT occ_title FROM oews_wage WHERE year = 2025 AND occ_code = m.oews_code LIMIT 1) AS same_title,
         EXISTS (SELECT 1 FROM oews_wage WHERE year = m.year AND occ_code = m.soc_code) AS own_published
       FROM oews_code_map m WHERE m.year < 2021`,
      )
      .all();
    expect(earlier.length).toBeGreaterThan(0);
    for (const r of earlier) {
      expect(latest.get(r.soc_code)).toBe(r.oews_code);
      expect([r.same_title, r.own_published]).toEqual([1, 0]);
    }
    // 25-9045 and 53-1047 begin with the hybrid May 2019 file; 25-2052 (Kindergarten and Elementary) is as old as SOC 2010.
    expect(mapped(2019, "25-9045")).toEqual(["25-9042", "25-9043", "25-9049"]);
    expect(mapped(2014, "25-2052")).toEqual(["25-2055", "25-2056"]);
    expect(mapped(2014, "25-9045")).toEqual([]);
    // May 2019–2020 publish two hybrid codes in broad group 15-1250 (15-1256, 15-1257): what each holds is not in the
    // files, so the four codes they replace get no mapping there (the SOC 2010 crosswalk decides those years).
    expect(
      snapshot
        .query("SELECT count(*) AS n FROM oews_code_map WHERE year IN (2019, 2020) AND soc_code LIKE '15-125%'")
        .get(),
    ).toEqual({ n: 0 });
    // Every SOC 2018 vintage maps the same codes into the same aggregates as May 2025.
    const aggregateRows = (year: number) =>
      snapshot
        .query<{ soc_code: string; oews_code: string }, [number]>(
          "SELECT soc_code, oews_code FROM oews_code_map WHERE year = ? AND basis = 'oews_aggregate' ORDER BY soc_code",
        )
        .all(year);
    for (const year of [2021, 2022, 2023, 2024]) expect(aggregateRows(year)).toEqual(aggregateRows(2025));
  });

  test("the build stops, naming the codes, when a broad group holds two aggregates", () => {
    // The real SOC structure and May 2025 national rows, copied into an in-memory snapshot (the real one stays read-only).
    const db = new Database(":memory:");
    db.exec(SNAPSHOT_DDL);
    const copy = (table: string, where: string) => {
      const rows = snapshot.query(`SELECT * FROM ${table} WHERE ${where}`).values();
      const insert = db.prepare(`INSERT INTO ${table} VALUES (${rows[0].map(() => "?").join(", ")})`);
      for (const r of rows) insert.run(...(r as any[]));
    };
    copy("soc_2018", "1");
    copy("oews_wage", "year = 2025 AND area_code = '0000000'");
    expect(writeOewsCodeMap(db)).toBeGreaterThan(800);
    db.run("DELETE FROM oews_code_map");
    db.run(
      "INSERT INTO oews_wage SELECT year, area_code, area, area_type, area_title, prim_state, '25-9046', 'Teaching Assistants, Other', o_group, tot_emp, h_mean, a_mean, h_pct10, h_pct25, h_median, h_pct75, h_pct90, a_pct10, a_pct25, a_median, a_pct75, a_pct90, annual_only, hourly_only, markers, source_file FROM oews_wage WHERE occ_code = '25-9045'",
    );
    expect(() => writeOewsCodeMap(db)).toThrow(
      "OEWS May 2025 publishes 2 aggregates in SOC broad group 25-9040 (25-9045, 25-9046)",
    );
    db.close();
  });
});
