// E19 GET /v1/skills and E20 GET /v1/skills/{skill_id}
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { excelRows, textRows } from "../support/publisher.ts";

let s: TestServer;
let skillRows: Record<string, any>[];
let knowledgeIds: string[];
let contentModel: Map<string, { name: string; description: string }>;
beforeAll(async () => {
  s = startTestServer();
  skillRows = await excelRows("onet/db_29_3_excel/Skills.xlsx");
  knowledgeIds = [
    ...new Set((await excelRows("onet/db_29_3_excel/Knowledge.xlsx")).map((r) => r["Element ID"] as string)),
  ];
  contentModel = new Map(
    (await textRows("onet/db_30_0_text/Content Model Reference.txt", "\t")).map((r) => [
      r["Element ID"],
      { name: r["Element Name"], description: r.Description },
    ]),
  );
}, 60_000); // parsing the two 3 MB workbooks takes seconds
afterAll(() => s.stop());
const get = async (path: string) => (await s.call("skills", path)).json();

describe("E19 happy", () => {
  test("category=skill and category=knowledge list every rated element of Skills.xlsx / Knowledge.xlsx", async () => {
    const skills = await get("/api/v1/skills?category=skill&page_size=100");
    expect(skills.data.items.map((x: any) => x.skill_id).sort()).toEqual(
      [...new Set(skillRows.map((r) => r["Element ID"]))].sort(),
    );
    const knowledge = await get("/api/v1/skills?category=knowledge&page_size=100");
    expect(knowledge.data.total).toBe(knowledgeIds.length);
    const first = skills.data.items[0];
    expect(first).toEqual({
      skill_id: first.skill_id,
      name: contentModel.get(first.skill_id)!.name,
      description: contentModel.get(first.skill_id)!.description,
      category: "skill",
    });
  });

  test("no category mixes all; defaults 1/20", async () => {
    const all = await get("/api/v1/skills");
    expect(all.data.total).toBe(knowledgeIds.length + new Set(skillRows.map((r) => r["Element ID"])).size + 52);
    expect(all.data.items.length).toBe(20);
    expect(all.data.items[0].category).toBe("knowledge"); // knowledge, then skills, then abilities
  });

  test("category=ability: the 52 abilities of the content model (the leaves under 1.A), each as O*NET names it", async () => {
    // Leaves: ids under 1.A that head no other id (1.A.1.a.1 Oral Comprehension; not 1.A.1.a Verbal Abilities).
    const ids = [...contentModel.keys()];
    const leaves = ids.filter((id) => id.startsWith("1.A.") && !ids.some((o) => o.startsWith(`${id}.`)));
    expect(leaves.length).toBe(52); // as O*NET's content model counts them
    const body = await get("/api/v1/skills?category=ability&page_size=100");
    expect(body.data.total).toBe(52);
    expect(body.data.items).toEqual(
      leaves.sort().map((id) => ({
        skill_id: id,
        name: contentModel.get(id)!.name,
        description: contentModel.get(id)!.description,
        category: "ability",
      })),
    );
    expect(body.metadata.methodology_notes).toContain("carries no ability ratings");
  });

  test("abilities: searchable (E18), detail with no occupations (E20), none rated for an occupation (E16); notes say why", async () => {
    const search = await get("/api/v1/skills/search?q=oral%20comprehension&category=ability");
    expect(search.data.items[0]).toMatchObject({
      skill_id: "1.A.1.a.1",
      name: "Oral Comprehension",
      category: "ability",
    });
    const detail = await s.call("skills", "/api/v1/skills/1.A.1.a.1");
    expect(detail.status).toBe(200);
    const body = await detail.json();
    expect(body.data).toMatchObject({ skill_id: "1.A.1.a.1", category: "ability", occupations: [] });
    expect(body.metadata.methodology_notes).toContain("Abilities.xlsx");
    const nurse = await s.call("skills", "/api/v1/occupations/29-1141.00/skills?category=ability");
    expect(nurse.status).toBe(200);
    const rated = await nurse.json();
    expect(rated.data).toEqual([]);
    expect(rated.metadata.methodology_notes).toContain("carries no ability ratings");
  });

  test("no category holds knowledge, skills and abilities (the spec's three); work styles only when asked for", async () => {
    const all = await get("/api/v1/skills?page_size=100&page=2");
    const categories = new Set<string>();
    for (let page = 1; ; page++) {
      const b = await get(`/api/v1/skills?page_size=100&page=${page}`);
      for (const x of b.data.items) categories.add(x.category);
      if (page * 100 >= b.data.total) break;
    }
    expect([...categories].sort()).toEqual(["ability", "knowledge", "skill"]);
    expect(all.data.total).toBe(knowledgeIds.length + new Set(skillRows.map((r) => r["Element ID"])).size + 52);
  });

  test("bad category or page_size → 422", async () => {
    expect((await s.call("skills", "/api/v1/skills?category=talent")).status).toBe(422);
    expect((await s.call("skills", "/api/v1/skills?page_size=101")).status).toBe(422);
  });
});

describe("E20", () => {
  test("Reading Comprehension: every rated occupation, importance = (IM − 1)/4 and level = LV/7 from Skills.xlsx", async () => {
    const body = await get("/api/v1/skills/2.A.1.a");
    const rows = skillRows.filter((r) => r["Element ID"] === "2.A.1.a");
    const im = new Map(
      rows.filter((r) => r["Scale ID"] === "IM").map((r) => [r["O*NET-SOC Code"], r["Data Value"] as number]),
    );
    const lv = new Map(
      rows.filter((r) => r["Scale ID"] === "LV").map((r) => [r["O*NET-SOC Code"], r["Data Value"] as number]),
    );
    expect(body.data.name).toBe("Reading Comprehension");
    expect(body.data.occupations.length).toBe(im.size);
    for (const o of body.data.occupations) {
      expect(o.importance).toBeCloseTo((im.get(o.soc_code)! - 1) / 4, 4);
      expect(o.level).toBeCloseTo(lv.get(o.soc_code)! / 7, 4);
    }
  });

  test("occupations sorted by importance descending (then level, then SOC code)", async () => {
    const occ = (await get("/api/v1/skills/2.C.1.a")).data.occupations;
    for (let i = 1; i < occ.length; i++) {
      const [a, b] = [occ[i - 1], occ[i]];
      expect(
        a.importance > b.importance ||
          (a.importance === b.importance && (a.level > b.level || (a.level === b.level && a.soc_code < b.soc_code))),
      ).toBe(true);
    }
  });

  test("unknown id → 404; malformed id → 422", async () => {
    const missing = await s.call("skills", "/api/v1/skills/2.A.9.z");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("NOT_FOUND");
    for (const bad of ["reading", "..%2F..%2Fetc", "2.A.1.a%00", "x".repeat(300)]) {
      const res = await s.call("skills", `/api/v1/skills/${bad}`);
      expect(res.status).toBe(422);
    }
  });
});
