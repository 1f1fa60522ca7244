// E3 GET /v1/salary/compare
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { startTestServer, mirror, type TestServer } from "../support/server.ts";

let s: TestServer;
let oews: Record<string, string>[];
beforeAll(async () => {
  s = startTestServer();
  oews = parse(await Bun.file(mirror("bls-oews/oews_M2025_all_areas.csv")).text(), { columns: true });
}, 60_000);
afterAll(() => s.stop());
const get = (q: string) => s.call("salary", `/api/v1/salary/compare?${q}`);

describe("E3", () => {
  test("US and EU entries, trimmed, in the order given; US items carry col_index and col_adjusted_median", async () => {
    const body = await (await get("job_title=nurse&locations=%20Austin,%20TX%20;DE;%20Lyon%20;US")).json();
    expect(body.comparisons.map((c: any) => [c.region, c.country_code])).toEqual([
      ["us", "US"],
      ["eu", "DE"],
      ["eu", "FR"],
      ["us", "US"],
    ]);
    const austin = body.comparisons[0];
    const row = oews.find((r) => r.AREA === "12420" && r.OCC_CODE === "29-1141")!;
    expect(austin.median).toBe(Number(row.A_MEDIAN));
    expect(austin.col_adjusted_median).toBe(Math.round(austin.median / (austin.col_index / 100)));
    expect(body.comparisons[1]).toMatchObject({
      currency: "EUR",
      gender_gap_pct: expect.any(Number),
      minimum_wage_monthly_eur: expect.any(Number),
    });
    expect(body.comparisons[3].col_index).toBe(100);
  });

  test("currency converts every item", async () => {
    const body = await (await get("job_title=nurse&locations=DE;US&currency=USD")).json();
    expect(body.comparisons.map((c: any) => c.currency)).toEqual(["USD", "USD"]);
  });

  test("each entry carries its own location_alternatives and says when its spelling was corrected", async () => {
    const body = await (await get("job_title=nurse&locations=Portland;Chicgo;Portland,%20ME")).json();
    const [portland, chicago, maine] = body.comparisons;
    expect(portland.location_alternatives[0]).toMatchObject({ name: "Portland, ME", code: "0038860" });
    expect(chicago.location).toBe("Chicago-Naperville-Elgin, IL-IN");
    expect(chicago.notes[0]).toContain('"Chicgo" was read as Chicago, IL');
    expect(maine.location_alternatives).toEqual([]);
    expect(maine.notes.some((n: string) => n.includes("read as"))).toBe(false);
  });

  test("one unresolvable entry fails the whole request with 400 naming it", async () => {
    const res = await get("job_title=nurse&locations=Austin;Xyzzyville;DE");
    expect(res.status).toBe(400);
    const err = (await res.json()).error;
    expect(err).toMatchObject({ code: "LOCATION_NOT_FOUND", field: "locations[1]" });
    expect(err.message).toContain("Xyzzyville");
  });

  test("an entry with no published figure stays, empty, with the reason", async () => {
    const body = await (await get("job_title=Nuclear%20Engineer&locations=US;Austin,%20TX")).json();
    expect(body.comparisons[0].median).not.toBeNull();
    expect(body.comparisons[1]).toMatchObject({ median: null, mean: null });
    expect(body.comparisons[1].notes[0]).toContain("publishes no wages");
  });

  for (const q of [
    "job_title=nurse",
    "job_title=nurse&locations=",
    "job_title=nurse&locations=US;;DE",
    `job_title=nurse&locations=${Array(11).fill("US").join(";")}`,
  ]) {
    test(`${q} → 422`, async () => expect((await get(q)).status).toBe(422));
  }
  test("ten entries are allowed", async () =>
    expect((await get(`job_title=nurse&locations=${Array(10).fill("US").join(";")}`)).status).toBe(200));
  test("no matching title → 404 NO_SALARY_DATA", async () =>
    expect((await (await get("job_title=xyzzy%20qwrtp&locations=US")).json()).error.code).toBe("NO_SALARY_DATA"));
});
