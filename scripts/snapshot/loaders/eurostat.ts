// Eurostat: the EU/EEA country table (kept in data/eu-countries.csv, a source per row), SES 2022 (JSON-stat), SES monthly extract, gender pay gap, minimum wages, HICP.
import countries from "../../../src/domain/country-names.ts";
import { isoToEurostat } from "../../../src/domain/european-countries.ts";
import { readTable, decodeJsonStat, decodeEurostatTsv, str, num } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

// Eurostat's own geo codes for the aggregate labels its linear CSVs use (no ISO code exists for them).
const AGGREGATE_GEO: Record<string, string> = {
  "European Union - 27 countries (from 2020)": "EU27_2020",
  "European Union - 27 countries (2007-2013)": "EU27_2007",
  "European Union - 28 countries (2013-2020)": "EU28",
  "European Union (EU6-1958, EU9-1973, EU10-1981, EU12-1986, EU15-1995, EU25-2004, EU27-2007, EU28-2013, EU27-2020)":
    "EU",
  "Euro area (EA11-1999, EA12-2001, EA13-2007, EA15-2008, EA16-2009, EA17-2011, EA18-2014, EA19-2015, EA20-2023)": "EA",
  "Euro area - 19 countries  (2015-2022)": "EA19",
  "Euro area – 20 countries (2023-2025)": "EA20",
  "Euro area – 20 countries (from 2023)": "EA20",
  "European Economic Area (EEA18-1995, EEA28-2004, EEA30-2007, EEA31-2013, EEA30-2020)": "EEA",
};

export async function loadEuCountries(ctx: LoadContext): Promise<LoadResult> {
  const t = await readTable(ctx.file("project:data/eu-countries.csv"), { required: ["code", "name_en", "is_eu"] });
  const rows = insertRows(
    ctx.db,
    "eu_country",
    [
      "code",
      "name_en",
      "name_fr",
      "name_de",
      "is_eu",
      "is_ea",
      "is_efta",
      "is_candidate",
      "eu_since",
      "eu_until",
      "ea_since",
    ],
    t.rows.map((r) => [
      str(r.CODE),
      str(r.NAME_EN),
      str(r.NAME_FR),
      str(r.NAME_DE),
      num(r.IS_EU),
      num(r.IS_EA),
      num(r.IS_EFTA),
      num(r.IS_CANDIDATE),
      str(r.EU_SINCE),
      str(r.EU_UNTIL),
      str(r.EA_SINCE),
    ]),
  );
  return { rows };
}

/** Eurostat geo code for a label of a linear CSV; throws on a label nobody can map, so a new one is noticed. */
function geoResolver(ctx: LoadContext): (label: string) => string {
  const byName = new Map<string, string>();
  for (const r of ctx.db.query<{ code: string; name_en: string }, []>("SELECT code, name_en FROM eu_country").all())
    byName.set(r.name_en, r.code);
  const seen = new Map<string, string>();
  return (label) => {
    let code = seen.get(label);
    if (code) return code;
    const iso = countries.getAlpha2Code(label, "en") ?? (label === "Türkiye" ? "TR" : undefined);
    code = AGGREGATE_GEO[label] ?? byName.get(label) ?? (iso ? isoToEurostat(iso) : undefined);
    if (!code) throw new Error(`Eurostat geo label not mapped to a code: "${label}"`);
    seen.set(label, code);
    ctx.db.run("INSERT OR IGNORE INTO eurostat_geo (label, code) VALUES (?, ?)", [label, code]);
    return code;
  };
}

async function jsonStat(ctx: LoadContext, path: string) {
  return decodeJsonStat(await Bun.file(ctx.file(path)).json());
}

export async function loadSes2022(ctx: LoadContext): Promise<LoadResult> {
  const hourly = await jsonStat(ctx, "eurostat/earn_ses22_47.json");
  let rows = insertRows(
    ctx.db,
    "ses_hourly",
    ["geo", "sex", "isco08", "sizeclas", "nace_r2", "value", "flag"],
    hourly.observations.map(({ dims: d, value, flag }) => [d.geo, d.sex, d.isco08, d.sizeclas, d.nace_r2, value, flag]),
  );
  const employees = await jsonStat(ctx, "eurostat/earn_ses22_53.json");
  rows += insertRows(
    ctx.db,
    "ses_employees",
    ["geo", "sex", "isco08", "sizeclas", "value", "flag"],
    employees.observations.map(({ dims: d, value, flag }) => [d.geo, d.sex, d.isco08, d.sizeclas, value, flag]),
  );
  const annual = await jsonStat(ctx, "eurostat/earn_ses22_28_DE_ES_IT_PL.json");
  rows += insertRows(
    ctx.db,
    "ses_annual",
    ["geo", "indic_se", "isco08", "unit", "value", "flag"],
    annual.observations.map(({ dims: d, value, flag }) => [d.geo, d.indic_se, d.isco08, d.unit, value, flag]),
  );
  const years = [...hourly.observations, ...employees.observations, ...annual.observations]
    .map((o) => o.dims.time)
    .sort();
  return { rows, periodStart: years[0], periodEnd: years.at(-1) };
}

export async function loadSesMonthly(ctx: LoadContext): Promise<LoadResult> {
  const t = await readTable(ctx.file("eurostat/earn_ses_21_mean_monthly_by_isco1_sex.csv"), {
    required: ["geo", "year", "sex", "isco08", "mean_monthly_gross_eur"],
  });
  const rows = insertRows(
    ctx.db,
    "ses_monthly",
    ["geo", "year", "sex", "isco08", "value", "note"],
    t.rows.map((r) => [str(r.GEO), num(r.YEAR), str(r.SEX), str(r.ISCO08), num(r.MEAN_MONTHLY_GROSS_EUR), str(r.NOTE)]),
  );
  const years = t.rows.map((r) => str(r.YEAR)!).sort();
  return { rows, periodStart: years[0], periodEnd: years.at(-1) };
}

export async function loadGenderPayGap(ctx: LoadContext): Promise<LoadResult> {
  const geo = geoResolver(ctx);
  const out: unknown[][] = [];
  const headline = await readTable(ctx.file("eurostat/sdg_05_20_linear.csv"), {
    required: ["geo", "TIME_PERIOD", "OBS_VALUE"],
  });
  for (const r of headline.rows)
    out.push([geo(str(r.GEO)!), num(r.TIME_PERIOD), "headline", "B-S_X_O", num(r.OBS_VALUE), str(r.OBS_FLAG)]);
  const byNace = await readTable(ctx.file("eurostat/earn_gr_gpgr2_linear.csv"), {
    required: ["geo", "nace_r2", "TIME_PERIOD", "OBS_VALUE"],
  });
  for (const r of byNace.rows)
    out.push([geo(str(r.GEO)!), num(r.TIME_PERIOD), "nace", str(r.NACE_R2), num(r.OBS_VALUE), str(r.OBS_FLAG)]);
  const byOwner = await jsonStat(ctx, "eurostat/earn_gr_gpgr2ct.json");
  for (const { dims: d, value, flag } of byOwner.observations)
    out.push([d.geo, Number(d.time), "owner", d.owner, value, flag]);
  const rows = insertRows(
    ctx.db,
    "gender_pay_gap",
    ["geo", "year", "breakdown_kind", "breakdown", "value", "flag"],
    out,
  );
  const years = out.map((r) => r[1] as number);
  return { rows, periodStart: String(Math.min(...years)), periodEnd: String(Math.max(...years)) };
}

/** earn_mw_cur, the whole dataset as Eurostat's TSV download: EUR, national currency (NAC) and PPS per semester. */
export async function loadMinimumWage(ctx: LoadContext): Promise<LoadResult> {
  const t = await readTable(ctx.file("eurostat/estat_earn_mw_cur.tsv"), {
    required: ["freq,currency,geo\\TIME_PERIOD"],
    delimiter: "\t",
  });
  const out: unknown[][] = [];
  for (const { dims, cells } of decodeEurostatTsv(t)) {
    for (const { period, value, flag } of cells) {
      const semester = period.match(/^(\d{4})-S([12])$/);
      if (!semester) throw new Error(`${t.file}: period "${period}" is not a semester (YYYY-S1 or YYYY-S2)`);
      // A cell with neither value nor flag says nothing; ": m" (missing: no statutory minimum) is kept.
      if (value !== null || flag)
        out.push([dims.geo, Number(semester[1]), Number(semester[2]), dims.currency, value, flag]);
    }
  }
  const periods = out
    .filter((r) => r[4] !== null)
    .map((r) => `${r[1]}-S${r[2]}`)
    .sort();
  return {
    rows: insertRows(ctx.db, "minimum_wage", ["geo", "year", "semester", "currency", "value", "flag"], out),
    periodStart: periods[0],
    periodEnd: periods.at(-1),
  };
}

export async function loadHicp(ctx: LoadContext): Promise<LoadResult> {
  const geo = geoResolver(ctx);
  const t = await readTable(ctx.file("eurostat/prc_hicp_midx_CP00_linear.csv"), {
    required: ["geo", "coicop", "TIME_PERIOD", "OBS_VALUE"],
  });
  const out = t.rows
    .filter((r) => num(r.OBS_VALUE) !== null)
    .map((r) => [
      geo(str(r.GEO)!),
      str(r.COICOP) === "All-items HICP" ? "CP00" : str(r.COICOP),
      `${str(r.TIME_PERIOD)}-01`,
      num(r.OBS_VALUE),
      str(r.OBS_FLAG),
    ]);
  const periods = out.map((r) => r[2] as string).sort();
  return {
    rows: insertRows(ctx.db, "hicp", ["geo", "coicop", "period", "value", "flag"], out),
    periodStart: periods[0].slice(0, 7),
    periodEnd: periods.at(-1)!.slice(0, 7),
  };
}
