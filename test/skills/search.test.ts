// E15 GET /v1/occupations/search and E18 GET /v1/skills/search
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { textRows } from "../support/publisher.ts";
import { similarity } from "../../src/domain/trigram.ts";

let s: TestServer;
let alternates: Record<string, string>[];
beforeAll(async () => {
  s = startTestServer();
  alternates = await textRows("onet/db_30_0_text/Alternate Titles.txt", "\t");
});
afterAll(() => s.stop());
const get = async (path: string) => (await s.call("skills", path)).json();

describe("E15 happy", () => {
  test("a typo finds the occupation; score is the similarity to the best of its titles", async () => {
    const body = await get("/api/v1/occupations/search?q=registerd%20nurse");
    const top = body.data.items[0];
    expect(top.soc_code).toBe("29-1141.00");
    // The float4 pg_trgm computes, written as psql shows it (14 trigrams shared of 21 in all: 2/3 → 0.6666667).
    expect(Math.fround(top.score)).toBe(similarity("registerd nurse", top.matched_title));
    expect(top.score).toBe(0.6666667);
    const rnTitles = alternates.filter((r) => r["O*NET-SOC Code"] === "29-1141.00").map((r) => r["Alternate Title"]);
    expect(Math.max(...rnTitles.map((t) => similarity("registerd nurse", t)))).toBeLessThanOrEqual(top.score);
  });

  test("a short title from O*NET's abbreviations matches exactly", async () => {
    const short = alternates.find((r) => r["Short Title"] === "RN")!;
    const body = await get("/api/v1/occupations/search?q=RN");
    expect(body.data.items.map((o: any) => o.soc_code)).toContain(short["O*NET-SOC Code"]);
  });

  test("ranked by score descending, equal scores in SOC order; every score ≥ 0.3; total counts all matches", async () => {
    const body = await get("/api/v1/occupations/search?q=manager&page_size=100");
    const items = body.data.items;
    expect(items.length).toBe(100);
    expect(body.data.total).toBeGreaterThan(100);
    for (let i = 1; i < items.length; i++) {
      expect(
        items[i - 1].score > items[i].score ||
          (items[i - 1].score === items[i].score && items[i - 1].soc_code < items[i].soc_code),
      ).toBe(true);
    }
    expect(items.every((o: any) => o.score >= 0.3)).toBe(true);
    const page2 = await get("/api/v1/occupations/search?q=manager&page=2&page_size=100");
    expect(page2.data.items[0].soc_code).not.toBe(items[0].soc_code);
    expect(page2.data.total).toBe(body.data.total);
  });

  test("job_zone filter applies to the matches; bright_outlook=true is empty until the list exists", async () => {
    const body = await get("/api/v1/occupations/search?q=engineer&job_zone=4&page_size=100");
    expect(body.data.items.length).toBeGreaterThan(0);
    expect(body.data.items.every((o: any) => o.job_zone === 4)).toBe(true);
    expect((await get("/api/v1/occupations/search?q=engineer&bright_outlook=true")).data.total).toBe(0);
  });

  test("defaults page 1 and page_size 20; punctuation-only q matches nothing (no trigrams), as in pg_trgm", async () => {
    const body = await get("/api/v1/occupations/search?q=nurse");
    expect(body.data).toMatchObject({ page: 1, page_size: 20 });
    expect((await get("/api/v1/occupations/search?q=%21%21%21")).data).toMatchObject({ items: [], total: 0 });
  });
});

describe("E15/E18 errors", () => {
  for (const q of [
    "",
    "?q=",
    `?q=${"a".repeat(201)}`,
    "?q=nurse&page=0",
    "?q=nurse&page_size=101",
    "?q=nurse&job_zone=6",
    "?q=nurse&category=skill",
  ]) {
    test(`occupations/search${q} → 422`, async () => {
      expect((await s.call("skills", `/api/v1/occupations/search${q}`)).status).toBe(422);
    });
  }
  test("200 characters is allowed, counted in code points (200 accented letters)", async () => {
    expect((await s.call("skills", `/api/v1/occupations/search?q=${encodeURIComponent("é".repeat(200))}`)).status).toBe(
      200,
    );
    expect((await s.call("skills", `/api/v1/skills/search?q=${encodeURIComponent("é".repeat(201))}`)).status).toBe(422);
  });
});

describe("E18", () => {
  test("partial word finds both the skill and the knowledge area; category filters", async () => {
    const body = await get("/api/v1/skills/search?q=math");
    expect(body.data.items.map((x: any) => `${x.skill_id}:${x.category}`).sort()).toEqual([
      "2.A.1.e:skill",
      "2.C.4.a:knowledge",
    ]);
    const knowledge = await get("/api/v1/skills/search?q=math&category=knowledge");
    expect(knowledge.data.items.map((x: any) => x.skill_id)).toEqual(["2.C.4.a"]);
    expect(Math.fround(body.data.items[0].score)).toBe(similarity("math", "Mathematics"));
    expect(body.data.items[0].score).toBe(0.33333334); // 1/3 in float4, as psql writes it
  });

  test("a typo still finds it", async () => {
    expect((await get("/api/v1/skills/search?q=programing")).data.items[0].name).toBe("Programming");
  });
});
