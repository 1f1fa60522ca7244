// World Bank: PPP conversion factor (ISO2 file), price level ratio (WDI bulk CSV, ISO3), annual CPI inflation,
// and the Global Database of Inflation (monthly headline/food/energy CPI).
import countries from "../../../src/domain/country-names.ts";
import { readTable, str, num } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

// World Bank codes outside ISO 3166 (Kosovo, Channel Islands).
const WB_ISO2_TO_ISO3: Record<string, string> = { XK: "XKX", JG: "CHI" };
const iso3Of = (iso2: string) => WB_ISO2_TO_ISO3[iso2] ?? countries.alpha2ToAlpha3(iso2) ?? null;
const iso2Of = (iso3: string) =>
  countries.alpha3ToAlpha2(iso3) ?? Object.entries(WB_ISO2_TO_ISO3).find(([, wb]) => wb === iso3)?.[0] ?? null;

export async function loadWorldBankPpp(ctx: LoadContext): Promise<LoadResult> {
  const meta = await readTable(ctx.file("worldbank/Metadata_Country_API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv"), {
    required: ["Country Code", "Region", "IncomeGroup", "TableName"],
  });
  let rows = insertRows(
    ctx.db,
    "wb_country",
    ["iso3", "iso2", "name", "region", "income_group"],
    meta.rows.map((r) => [
      str(r["COUNTRY CODE"]),
      iso2Of(str(r["COUNTRY CODE"])!),
      str(r.TABLENAME),
      str(r.REGION),
      str(r.INCOMEGROUP),
    ]),
  );
  // PPP: the Bank's own bulk file (wide, ISO3), or a mirror's long copy (country, ISO2, year, value).
  const bulk = ctx.present(PPP_BULK);
  const out: unknown[][] = bulk ? await wideIndicator(bulk) : await longPpp(ctx.file("worldbank/ppp-gdp.csv"));
  out.push(...(await wideIndicator(ctx.file("worldbank/API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv"))));
  rows += insertRows(ctx.db, "wb_indicator", ["iso3", "indicator", "year", "value"], out);
  const years = out.map((o) => o[2] as number);
  return {
    rows,
    vintage: await wdiUpdated(ctx.file("worldbank/API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv")),
    periodStart: String(Math.min(...years)),
    periodEnd: String(Math.max(...years)),
    layouts: [bulk ? "PA.NUS.PPP (World Bank bulk CSV)" : "ppp-gdp.csv (derived long copy)"],
  };
}

const PPP_BULK = "worldbank/API_PA.NUS.PPP_DS2_en_csv_v2.csv";

/** A long copy of PA.NUS.PPP: Country, Country ID (ISO2), Year, PPP. */
async function longPpp(file: string): Promise<unknown[][]> {
  const ppp = await readTable(file, { required: ["Country ID", "Year", "PPP"] });
  const out: unknown[][] = [];
  const unmapped = new Set<string>();
  for (const r of ppp.rows) {
    const iso3 = iso3Of(str(r["COUNTRY ID"])!);
    if (!iso3) {
      unmapped.add(str(r["COUNTRY ID"])!);
      continue;
    }
    if (num(r.PPP) !== null) out.push([iso3, "PA.NUS.PPP", num(r.YEAR), num(r.PPP)]);
  }
  if (unmapped.size) throw new Error(`${file}: ISO2 codes with no ISO3: ${[...unmapped].join(", ")}`);
  return out;
}

/** The WDI bulk file's own date: its preamble's "Last Updated Date" line. */
async function wdiUpdated(file: string): Promise<string> {
  const date = /"Last Updated Date","([^"]+)"/.exec(await Bun.file(file).slice(0, 2048).text())?.[1];
  if (!date) throw new Error(`${file}: no "Last Updated Date" in the WDI preamble`);
  return `WDI ${date}`;
}

/** The WDI bulk layout: a preamble, then Country Code, Indicator Code and one column per year. */
async function wideIndicator(file: string): Promise<unknown[][]> {
  const t = await readTable(file, { required: ["Country Code", "Indicator Code", "1990"] });
  const years = t.columns.filter((c) => /^\d{4}$/.test(c));
  return t.rows.flatMap((r) =>
    years.flatMap((y) =>
      num(r[y]) === null ? [] : [[str(r["COUNTRY CODE"]), str(r["INDICATOR CODE"]), Number(y), num(r[y])]],
    ),
  );
}

const MONTHLY: Record<string, string> = {
  "worldbank/global-inflation/Headline_consumer_price_index_monthly.csv": "headline",
  "worldbank/global-inflation/Food_price_index_monthly.csv": "food",
  "worldbank/global-inflation/Energy_price_index_monthly.csv": "energy",
};

export async function loadWorldBankInflation(ctx: LoadContext): Promise<LoadResult> {
  const annual = await readTable(ctx.file("worldbank/FP.CPI.TOTL.ZG.csv"), {
    required: ["Country", "Country Code", "Year", "CPI"],
  });
  insertRows(
    ctx.db,
    "wb_country",
    ["iso3", "iso2", "name"],
    annual.rows.map((r) => [str(r["COUNTRY CODE"]), iso2Of(str(r["COUNTRY CODE"])!), str(r.COUNTRY)]),
    true,
  );
  let rows = insertRows(
    ctx.db,
    "wb_indicator",
    ["iso3", "indicator", "year", "value"],
    annual.rows
      .filter((r) => num(r.CPI) !== null)
      .map((r) => [str(r["COUNTRY CODE"]), "FP.CPI.TOTL.ZG", num(r.YEAR), num(r.CPI)]),
  );
  let first = "9999",
    last = "";
  for (const [path, series] of Object.entries(MONTHLY)) {
    const t = await readTable(ctx.file(path), { required: ["Country Code", "Country", "Series Name"] });
    const months = t.columns.filter((c) => /^\d{6}$/.test(c));
    const out = t.rows
      .filter((r) => /^[A-Z]{3}$/.test(str(r["COUNTRY CODE"]) ?? ""))
      .flatMap((r) =>
        months.flatMap((m) =>
          num(r[m]) === null
            ? []
            : [
                [
                  str(r["COUNTRY CODE"]),
                  series,
                  str(r["DATA SOURCE"]) ?? "unspecified",
                  `${m.slice(0, 4)}-${m.slice(4)}-01`,
                  num(r[m]),
                ],
              ],
        ),
      );
    insertRows(
      ctx.db,
      "wb_country",
      ["iso3", "iso2", "name"],
      t.rows
        .filter((r) => /^[A-Z]{3}$/.test(str(r["COUNTRY CODE"]) ?? ""))
        .map((r) => [str(r["COUNTRY CODE"]), iso2Of(str(r["COUNTRY CODE"])!), str(r.COUNTRY)]),
      true,
    );
    rows += insertRows(ctx.db, "wb_cpi_monthly", ["iso3", "series", "data_source", "period", "value"], out);
    for (const o of out) {
      if ((o[3] as string) > last) last = o[3] as string;
      if ((o[3] as string) < first) first = o[3] as string;
    }
  }
  return { rows, periodStart: first.slice(0, 7), periodEnd: last.slice(0, 7) };
}
