// Files in their publishers' own layouts, made from a mirror's derived copies of them (issue 35): BLS's
// tab-delimited code lists, the World Bank's bulk indicator CSV, O*NET's 2010→2019 crosswalk.
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import countries from "i18n-iso-countries";
import { mirror } from "./server.ts";

const rowsOf = (path: string, delimiter = ",") =>
  Papa.parse<Record<string, string>>(readFileSync(mirror(path), "utf8").replace(/^\uFEFF/, ""), {
    header: true,
    delimiter,
    skipEmptyLines: true,
  }).data;

/** BLS time.series code list (cu.area, cu.item): tab-delimited, CRLF, with display columns the build does not read. */
export function blsCodeList(list: "area" | "item"): string {
  const rows = rowsOf(`bls-cpi/cu.${list}.csv`);
  return (
    [
      `${list}_code\t${list}_name\tdisplay_level\tselectable\tsort_sequence`,
      ...rows.map((r, i) => `${r.code}\t${r.name}\t0\tT\t${i + 1}`),
    ].join("\r\n") + "\r\n"
  );
}

/** The World Bank's bulk CSV of PA.NUS.PPP: a preamble, then one row per country (ISO3) and one column per year. */
export function worldBankPppBulk(): string {
  const long = rowsOf("worldbank/ppp-gdp.csv");
  const years = [...new Set(long.map((r) => Number(r.Year)))];
  const first = Math.min(1960, ...years),
    last = Math.max(...years);
  const allYears = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const byCountry = new Map<string, Map<number, string>>();
  for (const r of long) {
    // The Bank's own code for Kosovo is XKX (ISO has none; the library says XKK).
    const iso3 = r["Country ID"] === "XK" ? "XKX" : (countries.alpha2ToAlpha3(r["Country ID"]) ?? r["Country ID"]);
    if (!byCountry.has(iso3)) byCountry.set(iso3, new Map());
    byCountry.get(iso3)!.set(Number(r.Year), r.PPP);
  }
  const q = (s: string) => `"${s}"`;
  return (
    [
      `${q("Data Source")},${q("World Development Indicators")},`,
      "",
      `${q("Last Updated Date")},${q("2025-07-01")},`,
      "",
      [...["Country Name", "Country Code", "Indicator Name", "Indicator Code"], ...allYears.map(String)]
        .map(q)
        .join(",") + ",",
      ...[...byCountry].map(
        ([iso3, values]) =>
          [
            q(iso3),
            q(iso3),
            q("PPP conversion factor, GDP (LCU per international $)"),
            q("PA.NUS.PPP"),
            ...allYears.map((y) => q(values.get(y) ?? "")),
          ].join(",") + ",",
      ),
    ].join("\n") + "\n"
  );
}

/** O*NET's 2010→2019 crosswalk with its own headers, comma-separated. */
export function onetCrosswalk(): string {
  return (
    Papa.unparse(
      rowsOf("isco/onet_soc_2010_to_2019_crosswalk.csv", ";").map((r) => ({
        "O*NET-SOC 2010 Code": r.soc2010_code,
        "O*NET-SOC 2010 Title": r.soc2010_title,
        "O*NET-SOC 2019 Code": r.soc2019_code,
        "O*NET-SOC 2019 Title": r.soc2019_title,
      })),
    ) + "\n"
  );
}
