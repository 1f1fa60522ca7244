// E10 GET /v1/cpi/categories
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { textRows } from "../support/publisher.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());

test("the spec's eight codes, each with its BLS series and HICP mapping", async () => {
  const body = await (await s.call("cost", "/api/v1/cpi/categories")).json();
  expect(body.data.map((c: any) => c.category_code)).toEqual(["SA0", "SAF", "SAH", "SAT", "SAM", "SAR", "SAE", "SAC"]);
  for (const c of body.data) {
    expect(typeof c.category_name).toBe("string");
    expect(c.source).toContain(c.bls_series_id);
  }
  expect(body.data.find((c: any) => c.category_code === "SAC").bls_series_id).toBe("CUUR0000SAA");
});

test("coverage comes from the files: all items to the last month of cpiai.csv, groups to FRED's last month", async () => {
  const body = await (await s.call("cost", "/api/v1/cpi/categories")).json();
  const allItems = await textRows("bls-cpi/cpiai.csv");
  expect(body.data[0].us_period).toEqual({
    start: allItems[0].Date.slice(0, 7),
    end: allItems.at(-1)!.Date.slice(0, 7),
  });
  const food = await textRows("bls-cpi/fred/CPIFABNS.csv");
  expect(body.data[1].us_period.end).toBe(food.at(-1)!.Date.slice(0, 7));
  expect(body.data[0].hicp_loaded).toEqual(["CP00"]);
  expect(body.data[1].hicp_loaded).toEqual([]);
});

test("query parameters are not accepted (the endpoint takes none)", async () => {
  expect((await s.call("cost", "/api/v1/cpi/categories?x=1")).status).toBe(422);
});
