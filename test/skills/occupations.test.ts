// E14 GET /v1/occupations
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { textRows } from "../support/publisher.ts";

let s: TestServer;
let occupations: Record<string, string>[];
let zones: Map<string, number>;
beforeAll(async () => {
  s = startTestServer();
  occupations = await textRows("onet/db_30_0_text/Occupation Data.txt", "\t");
  zones = new Map(
    (await textRows("onet/db_30_0_text/Job Zones.txt", "\t")).map((r) => [r["O*NET-SOC Code"], Number(r["Job Zone"])]),
  );
});
afterAll(() => s.stop());
const get = async (q = "") => (await s.call("skills", `/api/v1/occupations${q}`)).json();

describe("E14 happy", () => {
  test("defaults page 1, page_size 20; total = every O*NET 30.0 occupation; SOC order", async () => {
    const body = await get();
    expect(body.data.page).toBe(1);
    expect(body.data.page_size).toBe(20);
    expect(body.data.total).toBe(occupations.length);
    expect(body.data.pages).toBe(Math.ceil(occupations.length / 20));
    expect(body.data.items[0]).toEqual({
      soc_code: occupations[0]["O*NET-SOC Code"],
      title: occupations[0].Title,
      job_zone: zones.get(occupations[0]["O*NET-SOC Code"]),
      bright_outlook: false,
      green_occupation: false,
      oews_code: occupations[0]["O*NET-SOC Code"].slice(0, 7), // Chief Executives: OEWS publishes 11-1011 itself
    });
  });

  test("walking every page of 100 yields each occupation once", async () => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const body = await get(`?page=${page}&page_size=100`);
      if (!body.data.items.length) break;
      seen.push(...body.data.items.map((o: any) => o.soc_code));
    }
    expect(seen).toEqual(occupations.map((o) => o["O*NET-SOC Code"]).sort());
  });

  test("job_zone filter matches the Job Zones file", async () => {
    for (const zone of [1, 5]) {
      const expected = occupations.filter((o) => zones.get(o["O*NET-SOC Code"]) === zone).length;
      const body = await get(`?job_zone=${zone}&page_size=100`);
      expect(body.data.total).toBe(expected);
      expect(body.data.items.every((o: any) => o.job_zone === zone)).toBe(true);
    }
  });

  test("bright_outlook=true and green=true: empty until those lists are loaded, and the notes say so", async () => {
    for (const q of ["?bright_outlook=true", "?green=1"]) {
      const body = await get(q);
      expect(body.data).toMatchObject({ items: [], total: 0, pages: 0 });
      expect(body.metadata.methodology_notes).toContain("Bright Outlook");
    }
    expect((await get("?bright_outlook=false")).data.total).toBe(occupations.length);
  });

  test("a page past the end is empty, not an error", async () => {
    const body = await get("?page=999");
    expect(body.data.items).toEqual([]);
    expect(body.data.total).toBe(occupations.length);
  });
});

describe("E14 errors", () => {
  for (const q of [
    "?page=0",
    "?page=-1",
    "?page=1.5",
    "?page=abc",
    "?page_size=101",
    "?page_size=0",
    "?job_zone=6",
    "?job_zone=0",
    "?bright_outlook=yes",
    "?green=",
    "?sort=title",
  ]) {
    test(`${q} → 422`, async () => {
      const res = await s.call("skills", `/api/v1/occupations${q}`);
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.error.code).toBe("VALIDATION_ERROR");
      expect(body.error.errors.length).toBeGreaterThan(0);
    });
  }
});
