// E2 GET /v1/salary: figures against the publisher files, and every error path of the spec.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { startTestServer, mirror, type TestServer } from "../support/server.ts";
import { textRows, jsonStat, sesHourly, eurostatTsv, semesterToday } from "../support/publisher.ts";

let s: TestServer;
let oews: Record<string, string>[];
let rpp: string[][];
beforeAll(async () => {
  s = startTestServer();
  oews = parse(await Bun.file(mirror("bls-oews/oews_M2025_all_areas.csv")).text(), { columns: true });
  rpp = parse(await Bun.file(mirror("bea-rpp/MARPP_MSA_2008_2024.csv")).text(), {
    relax_quotes: true,
    relax_column_count: true,
  });
}, 60_000);
afterAll(() => s.stop());
const get = (q: string) => s.call("salary", `/api/v1/salary?${q}`);
const n = (v: string) => (v === "" ? null : Number(v));

describe("E2 US", () => {
  test("Sr. Software Eng in Austin, TX: OEWS May 2025 percentiles of 15-1252 in CBSA 12420, BEA RPP 2024", async () => {
    const res = await get("job_title=Sr.%20Software%20Eng&location=Austin,%20TX");
    expect(res.status).toBe(200);
    const body = await res.json();
    const row = oews.find((r) => r.AREA === "12420" && r.OCC_CODE === "15-1252")!;
    expect(body.salary).toEqual({
      p10: n(row.A_PCT10),
      p25: n(row.A_PCT25),
      median: n(row.A_MEDIAN),
      p75: n(row.A_PCT75),
      p90: n(row.A_PCT90),
      mean: null,
      sample_size: null,
      cost_of_living_index: Number(rpp.find((r) => r[0].includes("12420") && r[4] === "1")![rpp[0].indexOf("2024")]),
      hourly: null,
    }); // MSA rows carry no hourly figure (H_MEAN, H_MEDIAN blank; the file has no hourly percentiles)
    expect([row.H_MEAN, row.H_MEDIAN]).toEqual(["", ""]);
    // No metro row of the file has a mean: the note says so from the data, naming the vintage.
    expect(oews.filter((r) => r.AREA_TYPE === "4").every((r) => r.A_MEAN === "")).toBe(true);
    expect(body.notes).toContain(
      "The mean is not published for this area (BLS OEWS May 2025 publishes no mean for any area of its kind).",
    );
    expect(body.query).toMatchObject({
      job_title: "Sr. Software Eng",
      matched_soc: "15-1252",
      matched_title: "Software Developers",
      currency: "USD",
      match_method: "alias",
      experience: null,
    });
    expect(body.data_source).toBe("BLS OEWS May 2025");
    expect(body.data_date).toBe("2025-05");
    expect(body.related_titles.length).toBeGreaterThan(0);
    expect(Object.keys(body)).not.toContain("metadata"); // the salary host answers bare objects
  });

  test("the U.S. as a whole is 100 on the RPP scale by definition: its note names no RPP year (it named OEWS's)", async () => {
    const body = await (await get("job_title=Registered%20Nurse&location=US")).json();
    expect(body.salary.cost_of_living_index).toBe(100);
    const note = body.notes.find((t: string) => t.startsWith("cost_of_living_index"));
    expect(note).toBe("cost_of_living_index: BEA Regional Price Parity, all items (U.S. = 100).");
  });

  test("data_source and data_date name the snapshot's datasets: the sources table's label and vintage, not a literal", async () => {
    const { Database } = await import("bun:sqlite");
    const db = new Database(s.config.SNAPSHOT_PATH, { readonly: true });
    const src = (id: string) => db.query<any, [string]>("SELECT * FROM sources WHERE dataset_id = ?").get(id);
    const [oewsSource, ses, monthly, mw] = [
      "bls_oews",
      "eurostat_ses_2022",
      "eurostat_ses_monthly",
      "eurostat_min_wage",
    ].map(src);
    db.close();
    const us = await (await get("job_title=Registered%20Nurse")).json();
    expect(us).toMatchObject({
      data_source: `${oewsSource.label} ${oewsSource.vintage}`,
      data_date: oewsSource.period_end,
    });
    const eu = await (await get("job_title=Registered%20Nurse&location=FR")).json();
    expect(eu.data_source).toBe(
      `${ses.label} ${ses.vintage}; ${monthly.label} ${monthly.vintage}; ${mw.label} ${mw.period_start}–${mw.period_end}`,
    );
    expect(eu.data_date).toBe(ses.period_end);
  });

  test("omitted location = national, with the mean and RPP 100", async () => {
    const body = await (await get("job_title=Registered%20Nurse")).json();
    const row = oews.find((r) => r.AREA === "99" && r.OCC_CODE === "29-1141")!;
    expect(body.salary).toMatchObject({ median: n(row.A_MEDIAN), mean: n(row.A_MEAN), cost_of_living_index: 100 });
  });

  test("currency=EUR converts at the documented World Bank rate and says so", async () => {
    const usd = await (await get("job_title=Registered%20Nurse")).json();
    const eur = await (await get("job_title=Registered%20Nurse&currency=eur")).json();
    const ppp = (await textRows("worldbank/ppp-gdp.csv")).find((r) => r["Country ID"] === "DE" && r.Year === "2024")!;
    const text = await Bun.file(mirror("worldbank/API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv")).text();
    const grid: string[][] = parse(text, { bom: true, relax_column_count: true });
    const plr = Number(grid.find((r) => r[1] === "DEU")![grid.find((r) => r[0] === "Country Name")!.indexOf("2024")]);
    expect(eur.query.currency).toBe("EUR");
    expect(eur.salary.median).toBe(Math.round(usd.salary.median * (Number(ppp.PPP) / plr)));
    expect(eur.notes.join(" ")).toContain("EUR per USD");
  });

  test("a state: Texas", async () => {
    const body = await (await get("job_title=Electrician&location=Texas")).json();
    const row = oews.find((r) => r.AREA === "48" && r.AREA_TYPE === "2" && r.OCC_CODE === "47-2111")!;
    expect(body.salary.median).toBe(n(row.A_MEDIAN));
    expect(body.query.area_code).toBe("4800000");
  });
});

describe("E2 US: what the file leaves out is said, not left as a silent null", () => {
  test("national: hourly mean and median as published, hourly percentiles null because the file has none", async () => {
    const body = await (await get("job_title=Orthopedic%20Surgeon")).json();
    const row = oews.find((r) => r.AREA === "99" && r.OCC_CODE === body.query.matched_soc)!;
    expect(Object.keys(row)).not.toContain("H_PCT10"); // the May 2025 CSV has no hourly percentile columns at all
    expect(body.salary.hourly).toMatchObject({ median: n(row.H_MEDIAN), mean: n(row.H_MEAN), p10: null, p90: null });
    expect(body.notes).toContain(
      "hourly: BLS OEWS May 2025 publishes no hourly 10th percentile, hourly 25th percentile, hourly 75th percentile or hourly 90th percentile for any area of this kind, so they are null.",
    );
  });
});

describe("E2 EU", () => {
  test("registered nurse in Deutschland: ISCO group 2, SES 2022 annual mean for DE, hourly gender gap, minimum wage in force today", async () => {
    const body = await (await get("job_title=registered%20nurse&location=Deutschland")).json();
    expect(body.query).toMatchObject({
      region: "eu",
      country_code: "DE",
      matched_isco: "2",
      matched_title: "Registered Nurses",
      currency: "EUR",
    });
    const annual = await jsonStat("eurostat/earn_ses22_28_DE_ES_IT_PL.json");
    expect(body.salary.mean).toBe(
      annual.value({
        freq: "A",
        sex: "T",
        indic_se: "ERN",
        isco08: "OC2",
        age: "TOTAL",
        sizeclas: "GE10",
        unit: "EUR",
        geo: "DE",
        time: "2022",
      }),
    );
    expect(body.salary.gender_gap_pct).toBe((await sesHourly()).gapPct("DE", "OC2"));
    const mw = await eurostatTsv("eurostat/estat_earn_mw_cur.tsv");
    const semester = mw.latest({ currency: "EUR", geo: "DE" }, semesterToday())!;
    const [eur, pps] = [
      mw.cell({ currency: "EUR", geo: "DE" }, semester),
      mw.cell({ currency: "PPS", geo: "DE" }, semester),
    ];
    expect(pps.value).not.toBeNull(); // Eurostat publishes PPS for Germany
    expect(body.salary.minimum_wage).toEqual({
      monthly_eur: eur.value,
      monthly_pps: pps.value,
      year: Number(semester.slice(0, 4)),
      semester: Number(semester.slice(-1)),
      flags: { monthly_eur: eur.flag, monthly_pps: pps.flag },
    });
    expect(body.notes.join(" ")).toContain(
      `earn_mw_cur, ${semester}, the latest semester in force on the request date`,
    );
    expect(body.notes.join(" ")).toContain("ISCO-08 major-group resolution");
  });

  test("a city resolves to its country; countries without a statutory minimum wage say so", async () => {
    const body = await (await get("job_title=Accountant&location=Milan")).json();
    expect(body.query).toMatchObject({ country_code: "IT", location: "Milano, Italy" }); // GeoNames' own name of the place
    expect(body.salary.minimum_wage).toBeNull();
    expect(body.notes.join(" ")).toContain("no statutory minimum wage");
  });
});

describe("E2 places as job ads write them", () => {
  test("a work mode alone answers with the U.S. national row and says so; with a country, that country's figures", async () => {
    const remote = await (await get("job_title=Registered%20Nurses&location=Remote")).json();
    const national = await (await get("job_title=Registered%20Nurses")).json();
    expect(remote.salary).toEqual(national.salary); // the row a request without a location gets
    expect(remote.notes.join(" ")).toContain(
      '"Remote" names no place: a remote job without one is answered with the U.S. national figures',
    );
    const germany = await (await get("job_title=Registered%20Nurses&location=Remote%20(Germany)")).json();
    const de = await (await get("job_title=Registered%20Nurses&location=DE")).json();
    expect(germany.salary.mean).toBe(de.salary.mean);
    expect(germany.notes).toContain(
      '"Remote" is a work mode, set aside: the figures are the national ones of Germany, where the remote job is based.',
    );
    // An EU city answers with its country's figures (SES is national), and the note says so, not "those of Berlin".
    const berlin = await (await get("job_title=Registered%20Nurses&location=Hybrid%20-%2010115%20Berlin")).json();
    expect(berlin.notes).toContain('"Hybrid" is a work mode, set aside: the figures are the national ones of Germany.');
  });

  test("an EEA country SES has no figures for at all (Iceland) → 404 saying so, not naming one group", async () => {
    const { error } = await (await get("job_title=Nurse&location=Reykjav%C3%ADk")).json();
    expect([error.code, error.message]).toEqual([
      "NO_BENCHMARK",
      "Eurostat Structure of Earnings Survey 2022 publishes no earnings for Iceland, for any occupation group.",
    ]);
  });

  test("terms of the job in the title (contract, schedule, hours, pay) are named in a note; the figures are not adjusted", async () => {
    const minijob = await (await get("job_title=Kassierer%2Fin%20Minijob&location=K%C3%B6ln")).json();
    expect(minijob.notes[0]).toBe(
      'From the job title, set aside when matching it: "Minijob" (contract). The figures are the occupation\'s as published, not adjusted for these terms.',
    );
    const us = await (await get("job_title=Cashier%20-%20Part%20Time%20-%20%2415%2Fhr&location=Austin%2C%20TX")).json();
    expect(us.notes[0]).toBe(
      'From the job title, set aside when matching it: "Part Time" (schedule), "$15/hr" (pay). The figures are the occupation\'s as published, not adjusted for these terms.',
    );
    const plain = await (await get("job_title=Cashier&location=Austin%2C%20TX")).json();
    expect(plain.notes.join(" ")).not.toContain("From the job title");
  });

  test("a postcode beside the city is set aside and said; a region of several countries is refused with what to send", async () => {
    const ny = await (await get("job_title=Registered%20Nurses&location=New%20York%2C%20NY%2010001")).json();
    expect(ny.notes).toContain(
      'The postcode "10001" was set aside: the place\'s name decides (New York-Newark-Jersey City, NY-NJ).',
    );
    const emea = await get("job_title=Registered%20Nurses&location=Remote%20-%20EMEA");
    expect(emea.status).toBe(400);
    expect((await emea.json()).error).toMatchObject({
      code: "LOCATION_NOT_FOUND",
      message: "\"EMEA\" names several countries, and salary figures are a country's or a place's.",
    });
  });
});

describe("E2 errors", () => {
  test("no matching occupation → 404 NO_SALARY_DATA with a suggestion", async () => {
    const res = await get("job_title=xyzzy%20qwrtp");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NO_SALARY_DATA");
  });

  test("unresolvable location → 400 LOCATION_NOT_FOUND with a suggestion; a non-EU country says why", async () => {
    const res = await get("job_title=nurse&location=Xyzzyville");
    expect(res.status).toBe(400);
    const err = (await res.json()).error;
    expect(err).toMatchObject({ code: "LOCATION_NOT_FOUND", status: 400, field: "location" });
    expect(err.suggestion).toStartWith("Use a BLS area code"); // nothing is close in spelling: no "Did you mean"
    const uk = (await (await get("job_title=nurse&location=UK")).json()).error;
    expect(uk.message).toContain("outside the United States and the EU/EEA");
    const named = (await (await get("job_title=nurse&location=United%20Kingdom")).json()).error;
    expect(named.message).toBe(
      '"United Kingdom" is outside the United States and the EU/EEA, which the salary data covers.',
    );
  });

  test("a place outside coverage is refused with the covered places of that name; an ambiguous one answers with location_alternatives", async () => {
    const london = await get("job_title=nurse&location=London");
    expect(london.status).toBe(400);
    const err = (await london.json()).error;
    expect(err.message).toContain("United Kingdom");
    expect(err.request_id).toBeString();
    expect(err.location_alternatives.map((a: { name: string }) => a.name)).toContain("London, KY");
    const portland = await (await get("job_title=nurse&location=Portland")).json();
    expect(portland.query.area_code).toBe("0038900");
    expect(portland.query.location_alternatives[0]).toMatchObject({ name: "Portland, ME", code: "0038860" });
    const exact = await (await get("job_title=nurse&location=Portland%2C%20ME")).json();
    expect(exact.query.location_alternatives).toEqual([]);
  });

  test("a misspelt place is read as the one place that close, and the answer says so; one as close to several gets them as suggestions", async () => {
    const body = await (await get("job_title=nurse&location=Philadelfia")).json();
    expect(body.query.area_code).toBe("0037980");
    expect(body.notes[0]).toContain('"Philadelfia" was read as Philadelphia, PA');
    const unknown = await get("job_title=nurse&location=Sprngfeld");
    expect(unknown.status).toBe(400);
    const err = (await unknown.json()).error;
    expect(err.code).toBe("LOCATION_NOT_FOUND");
    expect(err.suggestion).toBe("Did you mean: Springfield, MO; Springfield, MA; Springfield, IL?");
  });

  test("matched occupation, no published value for the area → 404 NO_BENCHMARK suggesting a wider area", async () => {
    // Nuclear engineers are published nationally but not in the Austin MSA (checked in the file here).
    expect(oews.some((r) => r.AREA === "99" && r.OCC_CODE === "17-2161")).toBe(true);
    expect(oews.some((r) => r.AREA === "12420" && r.OCC_CODE === "17-2161")).toBe(false);
    const res = await get("job_title=Nuclear%20Engineer&location=Austin,%20TX");
    expect(res.status).toBe(404);
    const err = (await res.json()).error;
    expect(err.code).toBe("NO_BENCHMARK");
    expect(err.suggestion).toContain("national");
  });

  for (const q of [
    "",
    "job_title=",
    `job_title=${"a".repeat(201)}`,
    "job_title=nurse&currency=GBP",
    "job_title=nurse&foo=1",
    `job_title=nurse&location=${"x".repeat(201)}`,
  ]) {
    test(`${q || "(no parameters)"} → 422`, async () => {
      const res = await get(q);
      expect(res.status).toBe(422);
      expect((await res.json()).error.code).toBe("VALIDATION_ERROR");
    });
  }
});
