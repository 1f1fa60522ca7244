// Every dataset in the snapshot against its publisher file, read here independently of the build's readers.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { parse } from "csv-parse/sync";
import { excelRows, textRows, jsonStat, eurostatTsv, semesterToday } from "../support/publisher.ts";
import { EuEarningsRepository } from "../../src/snapshot/repositories/eu-earnings.ts";
import { mirror } from "../support/server.ts";
import { datasets } from "../../scripts/snapshot/manifest.ts";
import { LOADERS } from "../../scripts/snapshot/build.ts";
import { DATASET_IDS } from "../../src/snapshot/repositories/sources.ts";
import { SCHEMA_VERSION } from "../../src/snapshot/schema.ts";
import { lexiconInputs } from "../../src/snapshot/repositories/title-lexicon.ts";

let db: Database;
beforeAll(() => {
  db = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
});
afterAll(() => db.close());
const one = (sql: string, ...args: any[]) => db.query(sql).get(...args) as any;
const all = (sql: string, ...args: any[]) => db.query(sql).all(...args) as any[];
/** A publisher cell as a number, or null for a blank or a marker. */
const n = (v: unknown) =>
  v === null || v === undefined || v === "" || ["#", "*", "**", "~"].includes(String(v)) ? null : Number(v);

describe("provenance", () => {
  test("every dataset of data/sources.json is in the sources table with rows, licence and each file's sha256", async () => {
    for (const d of datasets) {
      const row = one("SELECT * FROM sources WHERE dataset_id = ?", d.id);
      expect(row).toBeTruthy();
      expect(row.row_count).toBeGreaterThan(0);
      expect(row.licence).toBe(d.licence);
    }
    for (const f of all("SELECT path, sha256, bytes FROM source_files")) {
      const local = f.path.startsWith("npm:")
        ? `node_modules/${f.path.slice(4)}`
        : f.path.startsWith("project:")
          ? f.path.slice(8)
          : mirror(f.path);
      const bytes = await Bun.file(local).arrayBuffer();
      expect(new Bun.CryptoHasher("sha256").update(bytes).digest("hex")).toBe(f.sha256);
      expect(bytes.byteLength).toBe(f.bytes);
    }
  });

  test("dataset ids have one list, data/sources.json: the build's loaders, the repositories' DatasetId and the snapshot agree with it", () => {
    const manifest = datasets.map((d) => d.id).sort();
    expect(Object.keys(LOADERS).sort()).toEqual(manifest);
    expect([...DATASET_IDS].sort() as string[]).toEqual(manifest);
    expect(
      all("SELECT dataset_id FROM sources")
        .map((r) => r.dataset_id)
        .sort(),
    ).toEqual(manifest);
  });

  test("vintages come from the publisher files or the manifest, never from a literal in a loader", async () => {
    for (const file of new Bun.Glob("scripts/snapshot/loaders/*.ts").scanSync()) {
      expect({ file, literal: /vintage:\s*("[^"]*"|'[^']*'|`[^`$]*`)/.test(await Bun.file(file).text()) }).toEqual({
        file,
        literal: false,
      });
    }
    const source = (id: string) => one("SELECT * FROM sources WHERE dataset_id = ?", id);
    // OEWS: the newest May file in the manifest; its data run from the oldest file's May.
    const years = datasets
      .find((d) => d.id === "bls_oews")!
      .files.map((f) => Number(/M(\d{4})/.exec(f.path ?? "")?.[1]))
      .filter(Boolean)
      .sort();
    expect(source("bls_oews")).toMatchObject({
      vintage: `May ${years.at(-1)}`,
      period_start: `${years[0]}-05`,
      period_end: `${years.at(-1)}-05`,
    });
    // World Bank: the WDI file's own "Last Updated Date".
    const preamble = await Bun.file(mirror("worldbank/API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv")).text();
    expect(source("worldbank_ppp").vintage).toBe(`WDI ${/"Last Updated Date","([^"]+)"/.exec(preamble)![1]}`);
    // SES: the JSON-stat time dimension.
    const { ds } = await jsonStat("eurostat/earn_ses22_47.json");
    expect(source("eurostat_ses_2022").period_end).toBe(Object.keys(ds.dimension.time.category.index).sort().at(-1)!);
    // Where the loader reads none, the manifest's vintage and label answer.
    for (const d of datasets) {
      const row = source(d.id);
      expect(row.label).toBe(d.label);
      if (d.vintage && d.id !== "esco_occupations") expect(row.vintage).toBe(d.vintage);
    }
  });

  test("meta records the schema version and a snapshot_id", () => {
    expect(one("SELECT value FROM meta WHERE key = 'schema_version'").value).toBe(String(SCHEMA_VERSION));
    expect(one("SELECT value FROM meta WHERE key = 'snapshot_id'").value).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("BLS OEWS", () => {
  test("May 2024 national workbook: every detailed row, markers kept (# top-coded, * suppressed), never 0", async () => {
    const rows = (await excelRows("bls-oews/national_M2024_dl.xlsx")).filter((r) => r.O_GROUP === "detailed");
    expect(rows.length).toBeGreaterThan(800);
    let topCoded = 0,
      suppressed = 0;
    for (const r of rows) {
      const got = one(
        "SELECT * FROM oews_wage WHERE year = 2024 AND area_code = '0000000' AND occ_code = ?",
        r.OCC_CODE,
      );
      for (const col of [
        "TOT_EMP",
        "A_MEAN",
        "A_PCT10",
        "A_PCT25",
        "A_MEDIAN",
        "A_PCT75",
        "A_PCT90",
        "H_MEAN",
        "H_MEDIAN",
        "H_PCT90",
      ]) {
        expect(got[col.toLowerCase()]).toBe(n(r[col]));
        if (r[col] === "#") {
          topCoded++;
          expect(JSON.parse(got.markers)[col.toLowerCase()]).toBe("top_coded");
        }
        if (r[col] === "*") {
          suppressed++;
          expect(JSON.parse(got.markers)[col.toLowerCase()]).toBe("suppressed");
        }
      }
    }
    expect(topCoded).toBeGreaterThan(0);
    expect(suppressed).toBeGreaterThan(0);
  });

  test("2018's duplicated OCC_CODE column: the first one is the code", async () => {
    const r = (await excelRows("bls-oews/national_M2018_dl.xlsx")).find(
      (x) => x.OCC_TITLE === "Software Developers, Applications",
    );
    // excelRows keeps the first of two same-named columns.
    expect(one("SELECT a_median FROM oews_wage WHERE year = 2018 AND occ_code = ?", r!.OCC_CODE).a_median).toBe(
      r!.A_MEDIAN,
    );
  });

  test("May 2025 all-areas CSV: a sample of every 500th row, all areas, equal column by column", async () => {
    const rows: Record<string, string>[] = parse(await Bun.file(mirror("bls-oews/oews_M2025_all_areas.csv")).text(), {
      columns: true,
    });
    expect(one("SELECT count(*) AS c FROM oews_wage WHERE year = 2025").c).toBe(rows.length);
    for (let i = 0; i < rows.length; i += 500) {
      const r = rows[i];
      const area =
        r.AREA_TYPE === "1"
          ? "0000000"
          : ["2", "3"].includes(r.AREA_TYPE)
            ? r.AREA.padStart(2, "0") + "00000"
            : r.AREA.padStart(7, "0");
      const got = one("SELECT * FROM oews_wage WHERE year = 2025 AND area_code = ? AND occ_code = ?", area, r.OCC_CODE);
      expect(got.area_title).toBe(r.AREA_TITLE);
      for (const col of [
        "TOT_EMP",
        "H_MEAN",
        "A_MEAN",
        "H_MEDIAN",
        "A_PCT10",
        "A_PCT25",
        "A_MEDIAN",
        "A_PCT75",
        "A_PCT90",
      ])
        expect(got[col.toLowerCase()]).toBe(n(r[col]));
    }
  });

  test("the top-code each workbook states is recorded", () => {
    expect(one("SELECT annual, hourly FROM oews_top_code WHERE year = 2024")).toEqual({ annual: 239200, hourly: 115 });
  });
});

describe("O*NET", () => {
  test("occupations, alternate and short titles, job zones (30.0 text)", async () => {
    const occ = await textRows("onet/db_30_0_text/Occupation Data.txt", "\t");
    expect(one("SELECT count(*) AS c FROM onet_occupation").c).toBe(occ.length);
    const alt = await textRows("onet/db_30_0_text/Alternate Titles.txt", "\t");
    expect(one("SELECT count(*) AS c FROM onet_title WHERE kind = 'alternate'").c).toBe(alt.length);
    expect(one("SELECT count(*) AS c FROM onet_title WHERE kind = 'short'").c).toBe(
      alt.filter((r) => r["Short Title"] !== "n/a").length,
    );
    const zones = await textRows("onet/db_30_0_text/Job Zones.txt", "\t");
    for (const z of zones.slice(0, 200))
      expect(one("SELECT job_zone FROM onet_occupation WHERE soc_code = ?", z["O*NET-SOC Code"]).job_zone).toBe(
        Number(z["Job Zone"]),
      );
  });

  test("knowledge ratings and reported titles (29.3 Excel)", async () => {
    const rows = await excelRows("onet/db_29_3_excel/Knowledge.xlsx");
    expect(one("SELECT count(*) AS c FROM onet_rating WHERE category = 'knowledge'").c).toBe(rows.length);
    for (const r of rows.filter((_, i) => i % 997 === 0)) {
      expect(
        one(
          "SELECT value FROM onet_rating WHERE soc_code = ? AND element_id = ? AND scale_id = ?",
          r["O*NET-SOC Code"],
          r["Element ID"],
          r["Scale ID"],
        ).value,
      ).toBe(r["Data Value"]);
    }
    const reported = await excelRows("onet/db_29_3_excel/Sample of Reported Titles.xlsx");
    expect(one("SELECT count(*) AS c FROM onet_title WHERE kind = 'reported'").c).toBe(reported.length);
  });

  test("work styles ratings and technology skills (29.3 Excel): every row, flags as published", async () => {
    const styles = await excelRows("onet/db_29_3_excel/Work Styles.xlsx");
    expect(one("SELECT count(*) AS c FROM onet_rating WHERE category = 'work_style'").c).toBe(styles.length);
    for (const r of styles.filter((_, i) => i % 499 === 0)) {
      expect(
        one(
          "SELECT value, n FROM onet_rating WHERE soc_code = ? AND element_id = ? AND scale_id = ?",
          r["O*NET-SOC Code"],
          r["Element ID"],
          r["Scale ID"],
        ),
      ).toEqual({ value: r["Data Value"], n: r.N });
    }
    const tech = await excelRows("onet/db_29_3_excel/Technology Skills.xlsx");
    expect(one("SELECT count(*) AS c FROM onet_technology").c).toBe(tech.length);
    const stored = new Set(
      all(
        "SELECT soc_code, example, commodity_code, commodity_title, hot_technology, in_demand FROM onet_technology",
      ).map(
        (r) => `${r.soc_code}|${r.example}|${r.commodity_code}|${r.commodity_title}|${r.hot_technology}|${r.in_demand}`,
      ),
    );
    for (const r of tech) {
      const key = `${r["O*NET-SOC Code"]}|${r.Example}|${r["Commodity Code"]}|${r["Commodity Title"]}|${r["Hot Technology"] === "Y" ? 1 : 0}|${r["In Demand"] === "Y" ? 1 : 0}`;
      if (!stored.has(key)) expect(key).toBe("a stored row");
    }
  });
});

describe("classifications", () => {
  test("SOC 2018: 23 major, 98 minor, 459 broad, 867 detailed", () => {
    expect(all("SELECT level, count(*) AS c FROM soc_2018 GROUP BY level ORDER BY level")).toEqual([
      { level: "broad", c: 459 },
      { level: "detailed", c: 867 },
      { level: "major", c: 23 },
      { level: "minor", c: 98 },
    ]);
  });

  test("ISCO-08: 10 major, 43 sub-major, 130 minor, 436 unit groups; armed forces keep their leading zero", () => {
    expect(all("SELECT level, count(*) AS c FROM isco_08 GROUP BY level ORDER BY level").map((r) => r.c)).toEqual([
      10, 43, 130, 436,
    ]);
    expect(one("SELECT title FROM isco_08 WHERE code = '0110'")).toBeTruthy();
  });

  test("ISCO-08's example occupations: 3211's as the ILO lists them, and its related occupations classified elsewhere", () => {
    // ISCO-08 EN Structure and definitions, unit group 3211, "Included occupations" and "Excluded occupations".
    expect(
      all("SELECT title FROM isco_example WHERE isco_code = '3211' AND listed = 'included' ORDER BY title").map(
        (r) => r.title,
      ),
    ).toEqual([
      "Diagnostic medical radiographer",
      "Magnetic resonance imaging technologist",
      "Mammographer",
      "Medical radiation therapist",
      "Nuclear medicine technologist",
      "Radiographer",
      "Sonographer",
    ]);
    // Written as "- Medical imaging assistant- 5329" (3211), "- Radiologist - 2212" (3211), "- Auditor – 2411" (an en
    // dash, 3352), "Mine deputy - 3121" (no leading dash, 1322), "- Artificial inseminator 3240" (no dash before the
    // code, 3142: the only place it is listed).
    expect(
      all(
        "SELECT title, isco_code FROM isco_example WHERE listed = 'excluded' AND title IN ('Medical imaging assistant', 'Radiologist', 'Auditor', 'Mine deputy', 'Artificial inseminator') ORDER BY title",
      ).map((r) => `${r.title} ${r.isco_code}`),
    ).toEqual([
      "Artificial inseminator 3240",
      "Auditor 2411",
      "Medical imaging assistant 5329",
      "Mine deputy 3121",
      "Radiologist 2212",
    ]);
  });

  test("ISCO-08 unit groups' titles in ESCO's seven ISCOGroups files: one label per group and language, a residual group's marker taken off", async () => {
    // Every unit group (4 digits) of each file, none of the 183 higher groups.
    expect(
      all("SELECT lang, count(DISTINCT concept) AS c FROM occupation_label WHERE source = 'isco_group' GROUP BY lang"),
    ).toEqual(["de", "en", "es", "fr", "it", "nl", "pl"].map((lang) => ({ lang, c: 436 })));
    // 9329 as the files print it: "Manufacturing labourers not elsewhere classified", "Hilfsarbeiter bei der
    // Herstellung von Waren, anderweitig nicht genannt", "Peones de la industria manufacturera no clasificados bajo
    // otros epígrafes", "Robotnicy przy pracach prostych w przemyśle gdzie indziej niesklasyfikowani"; 5322's has none.
    const titles = (code: string) =>
      all(
        "SELECT lang, text FROM occupation_label WHERE source = 'isco_group' AND concept = ? AND lang IN ('en', 'de', 'es', 'pl') ORDER BY lang",
        `isco:${code}`,
      ).map((r) => `${r.lang}: ${r.text}`);
    expect(titles("9329")).toEqual([
      "de: Hilfsarbeiter bei der Herstellung von Waren",
      "en: Manufacturing labourers",
      "es: Peones de la industria manufacturera",
      "pl: Robotnicy przy pracach prostych w przemyśle",
    ]);
    expect(titles("5322")).toEqual([
      "de: Haus- und Familienpfleger",
      "en: Home-based personal care workers",
      "es: Trabajadores de los cuidados personales a domicilio",
      "pl: Pracownicy domowej opieki osobistej",
    ]);
  });

  test("Spain's CO-SISPE titles are stored as written and read by the lexicon without their ', EN GENERAL' mark", () => {
    // ES_mapping_31.07.2021.csv, "Classification 2 PrefLabel": "TÉCNICOS MEDIOS EN RECURSOS HUMANOS, EN GENERAL".
    const written = "TÉCNICOS MEDIOS EN RECURSOS HUMANOS, EN GENERAL";
    expect(one("SELECT count(*) AS c FROM occupation_label WHERE source = 'national' AND text = ?", written).c).toBe(1);
    const spanish = lexiconInputs(db).labels.filter((l) => l.source === "national" && l.lang === "es");
    expect(spanish.map((l) => l.text)).toContain("TÉCNICOS MEDIOS EN RECURSOS HUMANOS");
    expect(spanish.filter((l) => /EN GENERAL$/i.test(l.text))).toEqual([]);
  });

  test("SOC 2010 → ISCO-08 crosswalk rows as published", async () => {
    const rows = (await excelRows("isco/isco_soc_crosswalk.xls", 6, "2010 SOC to ISCO-08")).filter(
      (r) => r["ISCO-08 Code"],
    );
    const chief = rows
      .filter((r) => String(r["2010 SOC Code"]).trim() === "11-1011")
      .map((r) => String(r["ISCO-08 Code"]).trim())
      .sort();
    expect(
      all("SELECT isco_code FROM isco_soc2010 WHERE soc2010_code = '11-1011' ORDER BY isco_code").map(
        (r) => r.isco_code,
      ),
    ).toEqual(chief);
  });
});

describe("Eurostat", () => {
  test("SES 2022 hourly earnings: JSON-stat positions decoded to the right dimension codes", async () => {
    const { ds, position } = await jsonStat("eurostat/earn_ses22_47.json");
    const pos = position({
      freq: "A",
      sex: "F",
      indic_se: "ERN",
      isco08: "OC2",
      sizeclas: "GE10",
      nace_r2: "B-S_X_O",
      unit: "EUR",
      geo: "DE",
      time: "2022",
    });
    const got = one(
      "SELECT value, flag FROM ses_hourly WHERE geo = 'DE' AND sex = 'F' AND isco08 = 'OC2' AND sizeclas = 'GE10' AND nace_r2 = 'B-S_X_O'",
    );
    expect(got.value).toBe(ds.value[pos] ?? null);
    expect(got.flag).toBe(ds.status?.[pos] ?? null);
    expect(one("SELECT count(*) AS c FROM ses_hourly").c).toBe(
      new Set([...Object.keys(ds.value), ...Object.keys(ds.status)]).size,
    );
  });

  test("headline gender pay gap, minimum wage and HICP values as in the linear CSVs", async () => {
    const gpg = await textRows("eurostat/sdg_05_20_linear.csv");
    const at = gpg.find((r) => r.geo === "Austria" && r.TIME_PERIOD === "2007")!;
    expect(
      one("SELECT value FROM gender_pay_gap WHERE geo = 'AT' AND breakdown_kind = 'headline' AND year = 2007").value,
    ).toBe(Number(at.OBS_VALUE));
    // earn_mw_cur's TSV: every cell with a value or a flag, in EUR, national currency and PPS, flags kept.
    const mw = await eurostatTsv("eurostat/estat_earn_mw_cur.tsv");
    let cells = 0;
    for (const { dims } of mw.rows) {
      for (const period of mw.periods) {
        const want = mw.cell(dims, period);
        if (want.value === null && !want.flag) continue;
        cells++;
        const [y, sem] = period.split("-S");
        const got = one(
          "SELECT value, flag FROM minimum_wage WHERE geo = ? AND currency = ? AND year = ? AND semester = ?",
          dims.geo,
          dims.currency,
          Number(y),
          Number(sem),
        );
        expect({ at: `${dims.currency} ${dims.geo} ${period}`, ...got }).toEqual({
          at: `${dims.currency} ${dims.geo} ${period}`,
          value: want.value,
          flag: want.flag,
        });
      }
    }
    expect(one("SELECT count(*) AS c FROM minimum_wage").c).toBe(cells);
    expect(
      one("SELECT count(*) AS c FROM minimum_wage WHERE currency = 'PPS' AND value IS NOT NULL").c,
    ).toBeGreaterThan(1000);
    expect(one("SELECT max(year || '-S' || semester) AS p FROM minimum_wage WHERE value IS NOT NULL").p).toBe(
      "2026-S1",
    );
    // The repository answers the semester in force on a date: the latest published one not after it.
    const repo = new EuEarningsRepository(db);
    for (const [date, geo] of [
      ["2015-03-31", "DE"],
      ["2015-07-01", "DE"],
      ["2019-12-31", "PL"],
      ["2026-05-01", "BG"],
      ["2031-01-01", "FR"],
    ] as const) {
      const on = new Date(`${date}T12:00:00Z`);
      const semester = mw.latest({ currency: "EUR", geo }, semesterToday(on))!;
      const got = repo.minimumWage(geo, on)!;
      expect({
        date,
        geo,
        period: `${got.year}-S${got.semester}`,
        eur: got.monthlyEur,
        pps: got.monthlyPps,
        ppsFlag: got.ppsFlag,
      } as Record<string, unknown>).toEqual({
        date,
        geo,
        period: semester,
        eur: mw.cell({ currency: "EUR", geo }, semester).value,
        pps: mw.cell({ currency: "PPS", geo }, semester).value,
        ppsFlag: mw.cell({ currency: "PPS", geo }, semester).flag,
      });
    }
    expect(repo.minimumWage("DE", new Date("2014-06-30T12:00:00Z"))).toBeUndefined(); // Germany's minimum wage began in 2015
    expect(repo.minimumWage("AT")).toBeUndefined(); // ": m" every semester: no statutory minimum
    const hicp = await textRows("eurostat/prc_hicp_midx_CP00_linear.csv");
    expect(one("SELECT count(*) AS c FROM hicp").c).toBe(hicp.filter((r) => r.OBS_VALUE !== "").length);
    const gr = hicp.filter((r) => r.geo === "Greece").at(-1)!;
    expect(one("SELECT value FROM hicp WHERE geo = 'EL' AND period = ?", `${gr.TIME_PERIOD}-01`).value).toBe(
      Number(gr.OBS_VALUE),
    );
  });
});

describe("BLS prices, BEA, World Bank, Census", () => {
  test("CPI-U all items from cpiai.csv, month by month", async () => {
    const rows = await textRows("bls-cpi/cpiai.csv");
    const got = new Map(
      all("SELECT period, value FROM cpi_observation WHERE series_id = 'CUUR0000SA0'").map((r) => [r.period, r.value]),
    );
    for (const r of rows) expect(got.get(r.Date)).toBe(Number(r.Index));
    expect(got.has("2025-10-01")).toBe(false); // never published
  });

  test("a metro CPI series from the BLS flat file", async () => {
    const rows = (await textRows("bls-cpi/cu.data.1.AllItems", "\t")).filter(
      (r) => r["series_id        "]?.trim() === "CUURS12ASA0" || r.series_id?.trim() === "CUURS12ASA0",
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows.filter((x) => /^M(0[1-9]|1[0-2])$/.test(x.period))) {
      expect(
        one(
          "SELECT value FROM cpi_observation WHERE series_id = 'CUURS12ASA0' AND period = ?",
          `${r.year}-${r.period.slice(1)}-01`,
        ).value,
      ).toBe(Number(r["       value"] ?? r.value));
    }
  });

  test("average price from a FRED copy", async () => {
    const rows = await textRows("bls-ap/fred/APU0000701111.csv");
    const value = (date: string) =>
      one("SELECT value FROM ap_price WHERE series_id = 'APU0000701111' AND period = ?", date)?.value ?? null;
    for (const r of rows) expect(value(r.Date)).toBe(r.APU0000701111 === "NA" ? null : Number(r.APU0000701111));
    expect(rows.some((r) => r.APU0000701111 === "NA")).toBe(true); // FRED's "NA" month is absent, not 0
  });

  test("BEA MARPP: every MSA's all-items RPP for every year", async () => {
    const rows: string[][] = parse(await Bun.file(mirror("bea-rpp/MARPP_MSA_2008_2024.csv")).text(), {
      relax_quotes: true,
      relax_column_count: true,
    });
    const header = rows[0];
    const allItems = rows.filter((r) => r[4] === "1" && /^\s*"?\d{5}"?$/.test(r[0]));
    expect(allItems.length).toBeGreaterThan(380);
    for (const r of allItems) {
      const fips = r[0].replace(/[\s"]/g, "");
      const y = header.indexOf("2024");
      expect(
        one("SELECT value FROM rpp WHERE table_name = 'MARPP' AND geo_fips = ? AND line_code = 1 AND year = 2024", fips)
          .value,
      ).toBe(n(r[y]));
    }
  });

  test("World Bank PPP (ISO2 file) and price level ratio (WDI layout), keyed by ISO3", async () => {
    const ppp = await textRows("worldbank/ppp-gdp.csv");
    const de = ppp.find((r) => r["Country ID"] === "DE" && r.Year === "2024")!;
    expect(
      one("SELECT value FROM wb_indicator WHERE iso3 = 'DEU' AND indicator = 'PA.NUS.PPP' AND year = 2024").value,
    ).toBe(Number(de.PPP));
    const text = await Bun.file(mirror("worldbank/API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv")).text();
    const grid: string[][] = parse(text, { bom: true, relax_column_count: true });
    const header = grid.find((r) => r[0] === "Country Name")!;
    const aruba = grid.find((r) => r[1] === "ABW")!;
    expect(
      one("SELECT value FROM wb_indicator WHERE iso3 = 'ABW' AND indicator = 'PA.NUS.PPPC.RF' AND year = 1990").value,
    ).toBe(Number(aruba[header.indexOf("1990")]));
  });

  test("Census CBSA: every principal city of List 2", async () => {
    const rows = (await excelRows("census-cbsa/list2_2023.xlsx", 1)).filter((r) => r["FIPS Place Code"]);
    expect(one("SELECT count(*) AS c FROM cbsa_principal_city").c).toBe(rows.length);
    expect(one("SELECT count(*) AS c FROM cbsa_principal_city WHERE cbsa_code = '12420' AND city = 'Austin'").c).toBe(
      1,
    );
  });
});
