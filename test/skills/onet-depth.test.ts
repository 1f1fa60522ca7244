// Technologies (X4, X5, E18's pointer), work styles (E16, E19, E20 with category=work_style) and the note for an
// occupation O*NET has not rated, each against the O*NET 29.3 workbooks read here.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { excelRows, textRows } from "../support/publisher.ts";

let s: TestServer;
let tech: Record<string, any>[];
let styles: Record<string, any>[];
let related: Record<string, any>[];
let ratedInSkills: Set<string>;
let employment2025: Map<string, number>;
beforeAll(async () => {
  s = startTestServer();
  tech = await excelRows("onet/db_29_3_excel/Technology Skills.xlsx");
  styles = await excelRows("onet/db_29_3_excel/Work Styles.xlsx");
  related = await excelRows("onet/db_29_3_excel/Related Occupations.xlsx");
  ratedInSkills = new Set((await excelRows("onet/db_29_3_excel/Skills.xlsx")).map((r) => r["O*NET-SOC Code"]));
  employment2025 = new Map(
    (await textRows("bls-oews/oews_M2025_all_areas.csv"))
      .filter((r) => r.AREA === "99" && r.TOT_EMP)
      .map((r) => [r.OCC_CODE!, Number(r.TOT_EMP!.replace(/,/g, ""))]),
  );
}, 120_000);
afterAll(() => s.stop());
const get = async (path: string) => (await s.call("skills", path)).json();
const flagRank = (e: { in_demand: boolean; hot_technology: boolean }) =>
  (e.in_demand ? 2 : 0) + (e.hot_technology ? 1 : 0);

describe("X4 technologies of an occupation", () => {
  test("software developers: every example of the workbook, in its commodity, with both flags as published", async () => {
    const body = await get("/api/v1/occupations/15-1252.00/technologies");
    const rows = tech.filter((r) => r["O*NET-SOC Code"] === "15-1252.00");
    expect(body.data.technology_count).toBe(rows.length);
    expect(body.data.in_demand_count).toBe(rows.filter((r) => r["In Demand"] === "Y").length);
    expect(body.data.hot_technology_count).toBe(rows.filter((r) => r["Hot Technology"] === "Y").length);
    const served = body.data.commodities
      .flatMap((c: any) =>
        c.examples.map(
          (e: any) => `${c.commodity_code}|${c.commodity_title}|${e.name}|${e.hot_technology}|${e.in_demand}`,
        ),
      )
      .sort();
    expect(served).toEqual(
      rows
        .map(
          (r) =>
            `${r["Commodity Code"]}|${r["Commodity Title"]}|${r.Example}|${r["Hot Technology"] === "Y"}|${r["In Demand"] === "Y"}`,
        )
        .sort(),
    );
  });

  test("ordered: groups by In Demand then Hot Technology counts, examples by flags then name", async () => {
    const { commodities } = (await get("/api/v1/occupations/15-1252/technologies")).data;
    const counts = commodities.map((c: any) => [
      c.examples.filter((e: any) => e.in_demand).length,
      c.examples.filter((e: any) => e.hot_technology).length,
    ]);
    for (let i = 1; i < counts.length; i++)
      expect(
        counts[i - 1][0] > counts[i][0] || (counts[i - 1][0] === counts[i][0] && counts[i - 1][1] >= counts[i][1]),
      ).toBe(true);
    for (const c of commodities) {
      for (let i = 1; i < c.examples.length; i++) {
        const [a, b] = [c.examples[i - 1], c.examples[i]];
        expect(
          flagRank(a) > flagRank(b) ||
            (flagRank(a) === flagRank(b) && a.name.localeCompare(b.name, "en", { sensitivity: "base" }) <= 0),
        ).toBe(true);
      }
    }
  });

  test("an occupation the workbook lists no technology for: empty, with a note naming close occupations that have some", async () => {
    const listed = new Set(tech.map((r) => r["O*NET-SOC Code"]));
    const occupations = (await get("/api/v1/occupations?page_size=100&page=1")).data.total as number;
    let without: string | undefined;
    for (let page = 1; !without && page <= Math.ceil(occupations / 100); page++) {
      without = (await get(`/api/v1/occupations?page_size=100&page=${page}`)).data.items
        .map((o: any) => o.soc_code)
        .find((c: string) => !listed.has(c));
    }
    const body = await get(`/api/v1/occupations/${without}/technologies`);
    expect(body.data.commodities).toEqual([]);
    expect(body.data.technology_count).toBe(0);
    const note = body.metadata.methodology_notes as string;
    expect(note).toContain(`O*NET 29.3 publishes no technology examples for ${without}`);
    const relatedListed = related
      .filter((r) => r["O*NET-SOC Code"] === without)
      .sort((a, b) => a.Index - b.Index)
      .map((r) => r["Related O*NET-SOC Code"])
      .filter((c) => listed.has(c))
      .slice(0, 5);
    const named: string[] = [
      ...(note.slice(note.indexOf("Related occupations"), note.indexOf("Technologies:")).match(/\d\d-\d{4}\.\d\d/g) ??
        []),
    ];
    expect(named).toEqual(relatedListed);
  });

  test("unknown occupation → 404 NOT_FOUND in the envelope; malformed code → 422", async () => {
    const res = await s.call("skills", "/api/v1/occupations/99-9999.00/technologies");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NOT_FOUND");
    expect((await s.call("skills", "/api/v1/occupations/python/technologies")).status).toBe(422);
  });
});

describe("X5 technology search", () => {
  test("python: the occupations listing it, their In Demand flags, ranked In Demand first then by May 2025 employment", async () => {
    const body = await get("/api/v1/technologies/search?q=python&occupations=100");
    const hit = body.data.items.find((t: any) => t.name === "Python");
    const rows = tech.filter((r) => r.Example === "Python");
    expect(hit.score).toBe(1);
    expect(hit.occupation_count).toBe(new Set(rows.map((r) => r["O*NET-SOC Code"])).size);
    expect(hit.in_demand_count).toBe(
      new Set(rows.filter((r) => r["In Demand"] === "Y").map((r) => r["O*NET-SOC Code"])).size,
    );
    expect(hit.hot_technology).toBe(rows.every((r) => r["Hot Technology"] === "Y"));
    expect(hit.occupations.length).toBe(Math.min(100, hit.occupation_count));
    const developers = hit.occupations.find((o: any) => o.soc_code === "15-1252.00");
    expect(developers).toEqual({
      soc_code: "15-1252.00",
      title: "Software Developers",
      in_demand: true,
      employment: employment2025.get("15-1252")!,
    });
    for (let i = 1; i < hit.occupations.length; i++) {
      const [a, b] = [hit.occupations[i - 1], hit.occupations[i]];
      expect(
        Number(a.in_demand) > Number(b.in_demand) ||
          (a.in_demand === b.in_demand && (a.employment ?? -1) >= (b.employment ?? -1)),
      ).toBe(true);
    }
  });

  test("misspelt and partial names still find it (pg_trgm similarity ≥ 0.3), best first", async () => {
    const body = await get("/api/v1/technologies/search?q=microsoft%20exel&occupations=0");
    expect(body.data.items[0].name).toBe("Microsoft Excel");
    expect(body.data.items[0].occupations).toEqual([]);
    for (let i = 1; i < body.data.items.length; i++)
      expect(body.data.items[i - 1].score).toBeGreaterThanOrEqual(body.data.items[i].score);
  });

  test("a name holding commas is one technology, named as the workbook writes it", async () => {
    // Technology Skills.xlsx lists "Adxstudio, for Microsoft" (one example, comma included).
    const body = await get("/api/v1/technologies/search?q=Adxstudio%2C%20for%20Microsoft&occupations=0");
    expect(body.data.items[0].name).toBe("Adxstudio, for Microsoft");
    expect(body.data.items.map((t: { name: string }) => t.name)).not.toContain("Adxstudio");
    expect(body.data.items.map((t: { name: string }) => t.name)).not.toContain(" for Microsoft");
  });

  test("bad input: empty q, occupations over 100, an unknown parameter → 422", async () => {
    for (const q of ["q=", "q=python&occupations=101", "q=python&sort=name"])
      expect((await s.call("skills", `/api/v1/technologies/search?${q}`)).status).toBe(422);
  });

  test("E18 points to technologies in its metadata when q names one, and only then", async () => {
    const python = await get("/api/v1/skills/search?q=python");
    expect(python.metadata.technologies).toEqual({
      matches: expect.any(Number),
      best: expect.arrayContaining([{ name: "Python", score: 1 }]),
      search: "/api/v1/technologies/search?q=python",
    });
    const listening = await get("/api/v1/skills/search?q=active%20listening");
    expect(listening.data.total).toBeGreaterThan(0);
    expect(listening.metadata.technologies).toBeUndefined();
  });
});

describe("work styles (category=work_style)", () => {
  test("E16: a nurse's 16 work styles, importance (IM − 1) / 4 from Work Styles.xlsx, level null", async () => {
    const body = await get("/api/v1/occupations/29-1141.00/skills?category=work_style");
    const rows = styles.filter((r) => r["O*NET-SOC Code"] === "29-1141.00" && r["Scale ID"] === "IM");
    expect(body.data.length).toBe(16);
    expect(Object.fromEntries(body.data.map((x: any) => [x.skill_id, x.importance]))).toEqual(
      Object.fromEntries(rows.map((r) => [r["Element ID"], Math.round(((r["Data Value"] - 1) / 4) * 10_000) / 10_000])),
    );
    expect(body.data.every((x: any) => x.level === null && x.category === "work_style")).toBe(true);
  });

  test("without category, E16 and E19 keep the spec's categories: no work style mixed in", async () => {
    expect(
      (await get("/api/v1/occupations/29-1141.00/skills")).data.some((x: any) => x.category === "work_style"),
    ).toBe(false);
    const list = await get("/api/v1/skills?category=work_style&page_size=100");
    expect(list.data.items.map((x: any) => x.skill_id).sort()).toEqual(
      [...new Set(styles.map((r) => r["Element ID"]))].sort(),
    );
    const all = await get("/api/v1/skills?page_size=100");
    expect(all.data.items.some((x: any) => x.category === "work_style")).toBe(false);
  });

  test("E20 for a work style: every occupation the workbook rates, importance descending, level null", async () => {
    const body = await get("/api/v1/skills/1.C.5.a");
    expect(body.data.category).toBe("work_style");
    expect(body.data.occupations.length).toBe(
      styles.filter((r) => r["Element ID"] === "1.C.5.a" && r["Scale ID"] === "IM").length,
    );
    expect(body.data.occupations.every((o: any) => o.level === null)).toBe(true);
  });
});

describe("an occupation O*NET 29.3 has not rated", () => {
  test("15-1252.00: empty, and the note names the rated related occupations in O*NET's order, borrowing nothing", async () => {
    const body = await get("/api/v1/occupations/15-1252.00/skills");
    expect(body.data).toEqual([]);
    const expected = related
      .filter((r) => r["O*NET-SOC Code"] === "15-1252.00")
      .sort((a, b) => a.Index - b.Index)
      .map((r) => r["Related O*NET-SOC Code"])
      .filter((c) => ratedInSkills.has(c))
      .slice(0, 5);
    const note = body.metadata.methodology_notes as string;
    expect(note).toContain("Occupations under the same SOC code 15-1252 that have them: none.");
    const listed = note
      .slice(note.indexOf("Related occupations"))
      .match(/\d\d-\d{4}\.\d\d/g)!
      .slice(0, 5);
    expect(listed).toEqual(expected);
  });
});
