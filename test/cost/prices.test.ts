// E12 PPP, E13 metro prices, and the discovery lists, against the World Bank, BEA and BLS files.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { startTestServer, mirror, type TestServer } from "../support/server.ts";
import { textRows } from "../support/publisher.ts";

let s: TestServer;
let marpp: string[][];
beforeAll(async () => {
  s = startTestServer();
  marpp = parse(await Bun.file(mirror("bea-rpp/MARPP_MSA_2008_2024.csv")).text(), {
    relax_quotes: true,
    relax_column_count: true,
  });
});
afterAll(() => s.stop());
const get = (path: string) => s.call("cost", path);
const bea = (cbsa: string, line: string) =>
  Number(marpp.find((r) => r[0].replace(/[\s"]/g, "") === cbsa && r[4] === line)![marpp[0].indexOf("2024")]);

describe("E12", () => {
  test("every published year of both indicators, ascending, alpha-2 and alpha-3 alike", async () => {
    const ppp = (await textRows("worldbank/ppp-gdp.csv")).filter((r) => r["Country ID"] === "FR");
    for (const code of ["FR", "fra"]) {
      const body = await (await get(`/api/v1/ppp/countries/${code}`)).json();
      const years = body.data.years;
      expect(years.map((y: any) => y.year)).toEqual([...years.map((y: any) => y.year)].sort());
      for (const r of ppp) expect(years.find((y: any) => y.year === Number(r.Year)).ppp_factor).toBe(Number(r.PPP));
      expect(body.data.source).toContain("PA.NUS.PPPC.RF");
    }
  });

  test("Kosovo by the World Bank's codes (XK, XKX), with the Bank's figures; the list names it and no aggregate", async () => {
    const ppp = (await textRows("worldbank/ppp-gdp.csv")).filter((r) => r["Country ID"] === "XK");
    expect(ppp.length).toBeGreaterThan(0);
    for (const code of ["XK", "xkx"]) {
      const body = await (await get(`/api/v1/ppp/countries/${code}`)).json();
      expect([code, body.data.country_code, body.data.country_name]).toEqual([code, "XK", "Kosovo"]);
      for (const r of ppp)
        expect(body.data.years.find((y: any) => y.year === Number(r.Year)).ppp_factor).toBe(Number(r.PPP));
    }
    const list = (await (await get("/api/v1/ppp/countries")).json()).data;
    expect(list.find((c: any) => c.iso3 === "XKX")).toMatchObject({ country_code: "XK", country_name: "Kosovo" });
    expect(list.find((c: any) => c.iso3 === "WLD" || c.iso3 === "EUU")).toBeUndefined(); // World, European Union
  });

  test("every World Bank economy with a price level ratio answers by the Bank's own code", async () => {
    const economies = new Set(
      (await textRows("worldbank/Metadata_Country_API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv"))
        .filter((r) => r.Region) // aggregates (World, income groups) have no region
        .map((r) => r["Country Code"]),
    );
    const wide: Record<string, string>[] = parse(
      await Bun.file(mirror("worldbank/API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv")).text(),
      { columns: true, from_line: 5, bom: true, relax_column_count: true },
    );
    const withData = wide.filter(
      (r) => economies.has(r["Country Code"]) && Object.entries(r).some(([k, v]) => /^\d{4}$/.test(k) && v !== ""),
    );
    expect(withData.length).toBeGreaterThan(150);
    const answers = await Promise.all(
      withData.map(async (r) => [r["Country Code"], (await get(`/api/v1/ppp/countries/${r["Country Code"]}`)).status]),
    );
    expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
  });

  test("unknown code → 404; malformed → 422", async () => {
    expect((await get("/api/v1/ppp/countries/XX")).status).toBe(404);
    expect((await get("/api/v1/ppp/countries/12")).status).toBe(422);
  });
});

describe("E13", () => {
  test("New York: BEA RPP lines for 2024, services null with its parts, BLS average prices for S12A", async () => {
    const body = await (await get("/api/v1/prices/us/metro-areas/METRO35620")).json();
    expect(body.data).toMatchObject({
      area_code: "METRO35620",
      area_type: "msa",
      latest_year: 2024,
      rpp_services: null,
      rpp_overall: bea("35620", "1"),
      rpp_goods: bea("35620", "2"),
      rpp_rents: bea("35620", "3"),
      rpp_utilities: bea("35620", "4"),
      rpp_other_services: bea("35620", "5"),
    });
    expect(body.data.cpi_area.code).toBe("S12A");
    const electricity = (await textRows("bls-ap/fred/APUS12A72610.csv")).filter((r) => r.APUS12A72610 !== "NA").at(-1)!;
    expect(body.data.items.find((i: any) => i.item_code === "72610")).toEqual({
      item_code: "72610",
      item_name: "Electricity per KWH",
      period: electricity.Date,
      price: Number(electricity.APUS12A72610),
      currency: "USD",
    });
    expect(body.data.items.some((i: any) => i.period < "2021-01-01")).toBe(false);
    expect(body.metadata.methodology_notes).toContain("rpp_services is null");
  });

  test("a metro without a BLS price area: RPPs, no items; malformed → 422; unknown → 404", async () => {
    const body = await (await get("/api/v1/prices/us/metro-areas/metro10180")).json();
    expect(body.data).toMatchObject({
      area_name: "Abilene, TX",
      rpp_overall: bea("10180", "1"),
      items: [],
      cpi_area: null,
    });
    for (const bad of ["35620", "METRO3562", "METROABCDE"])
      expect((await get(`/api/v1/prices/us/metro-areas/${bad}`)).status).toBe(422);
    expect((await get("/api/v1/prices/us/metro-areas/METRO99999")).status).toBe(404);
  });
});

describe("discovery", () => {
  test("metro list: every BEA MSA, paged; q finds a misspelled name", async () => {
    const all = await (await get("/api/v1/prices/us/metro-areas?page_size=100")).json();
    expect(all.metadata.pagination.total).toBe(
      marpp.filter((r) => r[4] === "1" && /\d{5}/.test(r[0]) && !/00000|00999/.test(r[0])).length,
    );
    const found = await (await get("/api/v1/prices/us/metro-areas?q=san%20fransisco")).json();
    expect(found.data[0]).toMatchObject({ area_code: "METRO41860", has_items: true });
  });

  test("metro list: q is read as E2 reads a location first (a borough, a ZIP code, an alias), then by name", async () => {
    for (const [q, metro] of [
      ["Brooklyn", "METRO35620"],
      ["94105", "METRO41860"],
      ["Twin Cities", "METRO33460"],
      ["Evanston", "METRO16980"],
    ]) {
      const found = await (await get(`/api/v1/prices/us/metro-areas?q=${encodeURIComponent(q)}`)).json();
      expect([q, found.data[0]?.area_code]).toEqual([q, metro]);
    }
    const byName = await (await get("/api/v1/prices/us/metro-areas?q=Springfield")).json();
    expect(byName.data.length).toBeGreaterThan(1); // the resolver's pick first, the other Springfields after
    expect(new Set(byName.data.map((m: { area_code: string }) => m.area_code)).size).toBe(byName.data.length);
  });

  test("CPI countries name each source; PPP countries list ISO codes", async () => {
    const cpi = (await (await get("/api/v1/cpi/countries")).json()).data;
    const by = (code: string) => cpi.find((c: any) => c.country_code === code);
    expect([by("US").source, by("DE").source, by("JP").source]).toEqual(["bls", "hicp", "worldbank"]);
    expect(by("US").first_period).toBe("1913-01-01");
    const ppp = (await (await get("/api/v1/ppp/countries")).json()).data;
    expect(ppp.find((c: any) => c.iso3 === "DEU")).toMatchObject({ country_code: "DE", first_year: 1990 });
  });
});
