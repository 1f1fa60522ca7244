// The SOC → OEWS code map the build derives from the OEWS files and the SOC 2018 structure.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { SNAPSHOT_DDL } from "../../src/snapshot/schema.ts";
import { writeOewsCodeMap } from "../../scripts/snapshot/derived.ts";
import { textRows } from "../support/publisher.ts";

const snapshot = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
afterAll(() => snapshot.close());
const mapped = (year: number, code: string) =>
  snapshot.query<{ soc_code: string }, [number, string]>("SELECT soc_code FROM oews_code_map WHERE year = ? AND oews_code = ? AND basis = 'oews_aggregate' ORDER BY 1").all(year, code).map((r) => r.soc_code);

describe("oews_code_map", () => {
  test("May 2025: the five OEWS aggregates of the file, each holding the SOC 2018 codes of its broad group the file leaves out", async () => {
    // The aggregates, read from the publisher's file: national codes that SOC 2018 does not define.
    const socCodes = new Set((await textRows("soc/soc_structure_2018.csv")).flatMap((r) => Object.values(r)).filter((v) => /^\d{2}-\d{4}$/.test(v ?? "")));
    const national = (await textRows("bls-oews/oews_M2025_all_areas.csv")).filter((r) => r.AREA === "99");
    expect(national.map((r) => r.OCC_CODE).filter((c) => !socCodes.has(c) && !c.endsWith("0")).sort()).toEqual(["21-1018", "25-2052", "25-9045", "51-2028", "53-1047"]);
    expect(mapped(2025, "21-1018")).toEqual(["21-1011", "21-1014"]);
    expect(mapped(2025, "25-9045")).toEqual(["25-9042", "25-9043", "25-9049"]);
    expect(mapped(2025, "51-2028")).toEqual(["51-2022", "51-2023"]);
    expect(mapped(2025, "53-1047")).toEqual(["53-1042", "53-1043", "53-1044", "53-1049"]);
    expect(mapped(2025, "25-2052")).toEqual(["25-2055", "25-2056"]);
    // What the file does publish separately stays itself: aircraft cargo supervisors, postsecondary assistants.
    for (const own of ["53-1041", "25-9044", "21-1012"]) {
      expect(snapshot.query("SELECT oews_code, basis FROM oews_code_map WHERE year = 2025 AND soc_code = ?").get(own)).toEqual({ oews_code: own, basis: "published" });
    }
  });

  test("every vintage E1 reads has its map; before May 2021 only aggregates the latest vintage publishes under the same title", () => {
    const years = snapshot.query<{ year: number }, []>("SELECT DISTINCT year FROM oews_wage ORDER BY year").all().map((r) => r.year);
    const rows = snapshot.query<{ year: number; codes: string }, []>(
      "SELECT year, group_concat(DISTINCT oews_code) AS codes FROM oews_code_map WHERE year < 2021 GROUP BY year ORDER BY year").all();
    for (const r of rows) for (const code of r.codes.split(",")) expect(["21-1018", "25-2052", "25-9045", "51-2028", "53-1047"]).toContain(code);
    // 25-9045 and 53-1047 begin with the hybrid May 2019 file; 25-2052 (Kindergarten and Elementary) is as old as SOC 2010.
    expect(mapped(2019, "25-9045")).toEqual(["25-9042", "25-9043", "25-9049"]);
    expect(mapped(2014, "25-2052")).toEqual(["25-2055", "25-2056"]);
    expect(mapped(2014, "25-9045")).toEqual([]);
    for (const year of years.filter((y) => y >= 2021)) {
      expect((snapshot.query("SELECT count(*) AS n FROM oews_code_map WHERE year = ? AND basis = 'oews_aggregate'").get(year) as { n: number }).n).toBe(13);
    }
  });

  test("the build stops, naming the codes, when a broad group holds two aggregates", () => {
    const db = new Database(":memory:");
    db.exec(SNAPSHOT_DDL);
    db.exec("ATTACH DATABASE '" + (process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite") + "' AS real");
    db.run("INSERT INTO soc_2018 SELECT * FROM real.soc_2018");
    db.run("INSERT INTO oews_wage SELECT * FROM real.oews_wage WHERE year = 2025 AND area_code = '0000000'");
    expect(writeOewsCodeMap(db)).toBeGreaterThan(800);
    db.run("DELETE FROM oews_code_map");
    db.run("INSERT INTO oews_wage SELECT year, area_code, area, area_type, area_title, prim_state, '25-9046', 'Teaching Assistants, Other', o_group, tot_emp, h_mean, a_mean, h_pct10, h_pct25, h_median, h_pct75, h_pct90, a_pct10, a_pct25, a_median, a_pct75, a_pct90, annual_only, hourly_only, markers, source_file FROM oews_wage WHERE occ_code = '25-9045'");
    expect(() => writeOewsCodeMap(db)).toThrow("OEWS May 2025 does not publish 25-9042 but publishes 2 aggregates in its SOC broad group 25-9040 (25-9045, 25-9046)");
    db.close();
  });
});
