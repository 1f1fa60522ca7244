// The explorer in a real browser (Debian's chromium via puppeteer-core) against a real server on the real
// snapshot. Every expected figure is read from the API in the test, never written down here. Each page must
// make no request off the loopback address and log no console error. Screenshots land in build/screenshots/.
import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import * as XLSX from "@e965/xlsx";
import type { Browser, Page } from "puppeteer-core";
import { BOOTSTRAP_KEY, type TestServer } from "../support/server.ts";
import {
  browserSuite,
  canvasDrawn,
  chartTable,
  offLoopback,
  openPage,
  pickSuggestion,
  screenshot,
  shown,
  signIn,
  unlabelledControls,
  type WatchedPage,
} from "../support/browser.ts";

const FIXTURE = "test/explorer/fixtures/employees.csv";
let server: TestServer;
let browser: Browser;

const run = browserSuite((s, b) => {
  server = s;
  browser = b;
});

const api = async (host: "salary" | "cost" | "skills", path: string, init?: { method?: string; body?: string }) => {
  const r = await server.call(
    host,
    path,
    init ? { ...init, headers: { "content-type": "application/json" } } : undefined,
  );
  expect(r.status).toBe(200);
  return r.json() as Promise<any>;
};

/** A fresh browser context on `path`, the key entered in the form. */
const signedIn = (path: string): Promise<WatchedPage> => signIn(browser, server.url, path, BOOTSTRAP_KEY);

function expectClean(w: WatchedPage) {
  expect(offLoopback(w.requests, server.url)).toEqual([]);
  expect(w.consoleErrors).toEqual([]);
}

const text = (page: Page, selector: string) => page.$eval(selector, (el) => el.textContent!.trim());

/** Waits out the suggestion lookup a typed text starts, then closes its list with Escape, as a user would. */
async function closeSuggestions(page: Page, input: string) {
  await page.waitForNetworkIdle({ idleTime: 250 });
  await page.focus(input);
  await page.keyboard.press("Escape");
  await page.waitForFunction(
    (sel) => document.querySelector(sel)!.getAttribute("aria-expanded") === "false",
    {},
    input,
  );
}

run("explorer in chromium", () => {
  test("home: the page is served with a strict CSP, asks for a key and keeps it in sessionStorage only", async () => {
    const w = await openPage(browser);
    const response = await w.page.goto(`${server.url}/`);
    expect(response!.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(response!.headers()["content-security-policy"]).not.toContain("unsafe");
    await w.page.waitForSelector("#api-key");
    expect(await w.page.$(".cards")).toBeNull(); // nothing to look at before a key
    await w.page.type("#api-key", BOOTSTRAP_KEY);
    await w.page.keyboard.press("Enter");
    await w.page.waitForSelector(".cards");
    const stored = await w.page.evaluate(() => ({
      session: sessionStorage.getItem("workforce-api.key"),
      local: localStorage.length,
      cookie: document.cookie,
    }));
    expect(stored).toEqual({ session: BOOTSTRAP_KEY, local: 0, cookie: "" });
    expect(await w.page.$$eval(".cards a", (as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/explore/salary",
      "/explore/pay-gap",
      "/explore/pay-equity",
      "/explore/cost",
      "/explore/occupation",
    ]);
    expect(await unlabelledControls(w.page)).toEqual([]);
    // On a fresh load (the key kept for the tab), the first Tab reaches the skip link: keyboard users can jump past the menu.
    await w.page.reload();
    await w.page.waitForSelector(".cards");
    await w.page.keyboard.press("Tab");
    expect(await w.page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await screenshot(w.page, "home");
    expectClean(w);
  });

  test("salary: two places' published percentiles on the chart, the trend's CAGR, and switching to an alternative", async () => {
    const w = await signedIn("/explore/salary");
    const { page } = w;
    const title = await pickSuggestion(page, ".combobox:nth-of-type(1) input", "software develop");
    const places: { label: string; location: string }[] = [];
    for (const typed of ["Austin, TX", "Seattle"]) {
      await pickSuggestion(page, ".place-picker input", typed);
      const x6 = await api("salary", `/api/v1/locations/search?q=${encodeURIComponent(typed)}`);
      places.push(x6.suggestions[0]);
    }
    expect(await page.$$eval(".chips li", (li) => li.length)).toBe(2);
    await page.click("form.controls button[type=submit]");
    await page.waitForSelector("#percentile-chart");

    const expectChart = async (job: string) => {
      const answers = await Promise.all(
        places.map((p) => api("salary", `/api/v1/salary?${job}&location=${p.location}&currency=USD`)),
      );
      const table = await chartTable(page, "#percentile-chart");
      expect(table.columns).toEqual(answers.map((a) => a.query.location));
      for (const [row, key] of [
        ["p10", "p10"],
        ["p25", "p25"],
        ["median", "median"],
        ["p75", "p75"],
        ["p90", "p90"],
      ]) {
        expect(table.rows[row]).toEqual(answers.map((a) => shown(a.salary[key])));
      }
      expect(answers.every((a) => a.salary.median !== null)).toBe(true); // the assertion compared real figures
      expect(await canvasDrawn(page, "#percentile-chart")).toBe(true);
      return answers;
    };
    const [first] = await expectChart(`job_title=${encodeURIComponent(title)}`);
    expect(await text(page, ".matched-title")).toBe(first.query.matched_title);
    expect(await page.$eval("#percentile-chart .source", (el) => el.textContent)).toContain(first.data_source);

    // The trend: Austin's, or the national one when the data holds too few of Austin's vintages.
    await page.waitForSelector("#trend-chart");
    const local = await api(
      "salary",
      `/api/v1/trends?job_title=${encodeURIComponent(title)}&years=10&location=${places[0].location}`,
    );
    const trend =
      local.trend.length < 2
        ? await api("salary", `/api/v1/trends?job_title=${encodeURIComponent(title)}&years=10`)
        : local;
    expect(await text(page, ".cagr strong")).toBe(`${trend.cagr}%`);
    expect((await chartTable(page, "#trend-chart")).rows[`May ${trend.trend[0].year}`]).toEqual([
      shown(trend.trend[0].median),
    ]);

    // Cost-of-living toggle: the figures become figure ÷ (index ÷ 100), as E3 adjusts them.
    await page.click("label.toggle input");
    await page.waitForFunction(() =>
      document.querySelector("#percentile-chart figcaption")!.textContent!.includes("adjusted"),
    );
    const adjusted = await chartTable(page, "#percentile-chart");
    const compare = await api(
      "salary",
      `/api/v1/salary/compare?job_title=${encodeURIComponent(title)}&locations=${places.map((p) => p.location).join(";")}`,
    );
    expect(adjusted.rows.median).toEqual(compare.comparisons.map((c: any) => shown(c.col_adjusted_median)));
    await page.click("label.toggle input");

    await screenshot(page, "salary");
    // The first alternative with published figures in both places (an alternative may have none in a metro).
    let alternative = null,
      code = "";
    for (const button of await page.$$("button.alternative")) {
      const candidate = await button.evaluate((b) => b.dataset.code!);
      const statuses = await Promise.all(
        places.map(
          async (p) =>
            (await server.call("salary", `/api/v1/salary?occupation_code=${candidate}&location=${p.location}`)).status,
        ),
      );
      if (statuses.every((st) => st === 200)) {
        alternative = button;
        code = candidate;
        break;
      }
    }
    expect(alternative).not.toBeNull();
    await alternative!.click();
    const switched = await api("salary", `/api/v1/salary?occupation_code=${code}&location=${places[0].location}`);
    await page.waitForFunction(
      (t) => document.querySelector(".matched-title")?.textContent === t,
      {},
      switched.query.matched_title,
    );
    await expectChart(`occupation_code=${code}`);
    expectClean(w);
  });

  const fixtureRows = (): Record<string, string>[] => parse(readFileSync(FIXTURE), { columns: true });
  const fixtureRecords = (): Record<string, unknown>[] =>
    fixtureRows().map((r) => ({
      job_title: r["Job Title"],
      gender: r.Gender[0],
      salary: Number(r["Annual Salary"].replace(",", "")),
      weekly_hours: Number(r["Weekly Hours"]),
      variable_pay: Number(r.Bonus),
    }));
  const report = (employees: Record<string, unknown>[]) =>
    api("salary", "/api/v1/compliance/pay-gap-report", {
      method: "POST",
      body: JSON.stringify({ country: "DE", employees }),
    });

  async function uploadAndReport(page: Page, file: string) {
    const input = (await page.waitForSelector("input[type=file]"))!;
    await (input as any).uploadFile(file);
    await page.waitForSelector("select[name=job_title]");
    expect(await page.$eval("select[name=salary]", (s) => (s as HTMLSelectElement).value)).toBe("Annual Salary");
    expect(await page.$eval("select[name=variable_pay]", (s) => (s as HTMLSelectElement).value)).toBe("Bonus");
    await page.select("select[name=country]", "DE");
    await page.click("form button[type=submit]");
    await page.waitForSelector("#overall-mean-gap");
  }

  test("pay gap: a CSV file's report is E7's for the same records; an unmatched title can be placed; it prints clean", async () => {
    const w = await signedIn("/explore/pay-gap");
    const { page } = w;
    await uploadAndReport(page, FIXTURE);
    const records = fixtureRecords();
    const expected = await report(records);
    expect(await text(page, "#overall-mean-gap")).toBe(`${shown(expected.overall_mean_gap_pct)}%`);
    expect(await text(page, "#overall-median-gap")).toBe(`${shown(expected.overall_median_gap_pct)}%`);
    const rows = await page.$$eval("table.categories tbody tr", (trs) =>
      trs.map((tr) => ({ flagged: tr.classList.contains("flagged"), text: tr.textContent })),
    );
    expect(rows.length).toBe(expected.categories.length);
    expected.categories.forEach((c: any, i: number) => {
      expect(rows[i].flagged).toBe(c.requires_joint_assessment);
      expect(rows[i].text!.includes("Fewer than 5")).toBe(c.k_anonymity_warning);
    });
    const bands = await chartTable(page, "#quartile-chart");
    expect(Object.values(bands.rows)).toEqual(
      expected.article_9_indicators.quartile_bands.map((b: any) => [shown(b.women_pct), shown(b.men_pct)]),
    );

    // The fixture's made-up title (no word of any language) matches nothing; placing it in major group 1 re-runs the
    // report with isco_code 1.
    const unmatched = expected.unmatched_titles.map((u: any) => u.job_title);
    expect(unmatched).toEqual(["Zxqv Blorf"]);
    await page.select(".unmatched-title select", "1");
    const placed = await report(records.map((r) => (r.job_title === unmatched[0] ? { ...r, isco_code: "1" } : r)));
    await page.waitForFunction(() => !document.querySelector(".unmatched"));
    expect(await text(page, "#overall-mean-gap")).toBe(`${shown(placed.overall_mean_gap_pct)}%`);
    expect(await page.$$eval("table.categories tbody th", (th) => th.map((t) => t.textContent))).toEqual(
      placed.categories.map((c: any) => `${c.category_name} (${c.isco_code})`),
    );
    await screenshot(page, "pay-gap");

    // Print: no navigation or controls; the report, its methodology and disclaimer.
    await page.emulateMediaType("print");
    const printed = await page.evaluate(() => ({
      header: getComputedStyle(document.querySelector("header")!).display,
      controls: getComputedStyle(document.querySelector(".controls")!).display,
      methodology: getComputedStyle(document.querySelector(".methodology")!).display,
      disclaimer: document.querySelector(".disclaimer")!.textContent,
    }));
    expect(printed.header).toBe("none");
    expect(printed.controls).toBe("none");
    expect(printed.methodology).not.toBe("none");
    expect(printed.disclaimer).toContain(placed.disclaimer);
    await page.pdf({ path: "build/screenshots/pay-gap-report.pdf" });
    expectClean(w);
  });

  test("pay gap: the same employees as an Excel workbook give the same report", async () => {
    const sheet = XLSX.utils.json_to_sheet(
      fixtureRows().map((r) => ({
        ...r,
        "Annual Salary": Number(r["Annual Salary"].replace(",", "")),
        "Weekly Hours": Number(r["Weekly Hours"]),
        Bonus: Number(r.Bonus),
      })),
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "Staff");
    const file = join(mkdtempSync(join(tmpdir(), "wf-xlsx-")), "employees.xlsx");
    writeFileSync(file, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const w = await signedIn("/explore/pay-gap");
    await uploadAndReport(w.page, file);
    const expected = await report(fixtureRecords());
    expect(await text(w.page, "#overall-mean-gap")).toBe(`${shown(expected.overall_mean_gap_pct)}%`);
    expect(await text(w.page, "#overall-median-gap")).toBe(`${shown(expected.overall_median_gap_pct)}%`);
    expectClean(w);
  });

  test("cost: CPI as published and rebased, price levels, and a metro's price parities and prices", async () => {
    const w = await signedIn("/explore/cost");
    const { page } = w;
    await page.waitForSelector("#cpi-chart");
    await page.select("form.controls select", "FR");
    await page.click("form.controls button[type=submit]");
    await page.waitForFunction(() => document.querySelectorAll("#cpi-chart thead th").length === 3);
    const histories = await Promise.all(
      ["US", "DE", "FR"].map((c) => api("cost", `/api/v1/cpi/countries/${c}/history?start_date=2015-01-01`)),
    );
    const published = await chartTable(page, "#cpi-chart");
    expect(published.columns).toEqual(histories.map((h) => h.data.country_name));
    const at = (h: any, month: string) => h.data.observations.find((o: any) => o.period.startsWith(month))?.value;
    expect(published.rows["2019-06"]).toEqual(histories.map((h) => shown(at(h, "2019-06"))));
    expect(await canvasDrawn(page, "#cpi-chart")).toBe(true);

    await page.click("label.toggle input");
    await page.waitForFunction(() => document.querySelector("#cpi-chart figcaption")!.textContent!.includes("= 100"));
    const rebased = await chartTable(page, "#cpi-chart");
    expect(rebased.rows["2020-01"]).toEqual(["100", "100", "100"]);
    expect(rebased.rows["2019-06"]).toEqual(
      histories.map((h) => shown(Math.round((at(h, "2019-06") / at(h, "2020-01")) * 10000) / 100)),
    );

    const ppp = await Promise.all(["US", "DE", "FR"].map((c) => api("cost", `/api/v1/ppp/countries/${c}`)));
    const levels = await chartTable(page, "#ppp-chart");
    expect(Object.values(levels.rows).map((r) => r[0])).toEqual(
      ppp.map((p) =>
        shown(
          p.data.years.findLast((y: any) => y.price_level_ratio !== null || y.ppp_factor !== null).price_level_ratio,
        ),
      ),
    );

    await pickSuggestion(page, "section:last-of-type .combobox input", "New York");
    await page.waitForSelector("#rpp-chart");
    const metroCode = (await api("cost", "/api/v1/prices/us/metro-areas?q=New%20York&page_size=8")).data[0].area_code;
    const metro = (await api("cost", `/api/v1/prices/us/metro-areas/${metroCode}`)).data;
    const rpp = await chartTable(page, "#rpp-chart");
    expect(rpp.rows["All items"]).toEqual([shown(metro.rpp_overall)]);
    expect(rpp.rows["Housing rents"]).toEqual([shown(metro.rpp_rents)]);
    expect(metro.items.length).toBeGreaterThan(0);
    expect(await page.$$eval("section:last-of-type > table.data-table tbody tr", (r) => r.length)).toBe(
      metro.items.length,
    );
    await screenshot(page, "cost");
    expectClean(w);
  });

  test("occupation: ranked skills and work styles, technologies and wages by state, from the API", async () => {
    const w = await signedIn("/explore/occupation");
    const { page } = w;
    await pickSuggestion(page, ".combobox input", "registered nurse");
    await page.waitForSelector("#skill-chart");
    const soc = decodeURIComponent(page.url().split("/").at(-1)!);
    expect(soc).toMatch(/^\d{2}-\d{4}\.\d{2}$/);
    for (const category of ["skill", "work_style"]) {
      const ratings = (await api("skills", `/api/v1/occupations/${soc}/skills?category=${category}`)).data;
      const top = [...ratings].sort((a: any, b: any) => b.importance - a.importance).slice(0, 15);
      const table = await chartTable(page, `#${category}-chart`);
      expect(Object.keys(table.rows)).toEqual(top.map((s: any) => s.name));
      expect(Object.values(table.rows).map((r) => r[0])).toEqual(top.map((s: any) => shown(s.importance)));
    }
    const tech = (await api("skills", `/api/v1/occupations/${soc}/technologies`)).data;
    expect(await page.$$eval("section h3", (h) => h.map((x) => x.textContent))).toContain(
      `Technologies (${tech.technology_count})`,
    );
    expect(await page.$$eval(".technologies dt", (dt) => dt.map((d) => d.textContent))).toEqual(
      tech.commodities.slice(0, 12).map((c: any) => c.commodity_title),
    );
    const wages = (await api("skills", `/api/v1/occupations/${soc}/wages`)).data;
    const california = wages.find((r: any) => r.area_title === "California");
    await page.waitForSelector("table.wages");
    const row = await page.$$eval(
      "table.wages tbody tr",
      (trs) => trs.find((tr) => tr.querySelector("th")!.textContent === "California")!.textContent,
    );
    expect(row).toBe(
      `California${shown(california.pct10, 0)}${shown(california.median, 0)}${shown(california.pct90, 0)}${shown(california.total_employment, 0)}`,
    );
    // The map: one shape per state and D.C., each titled with its published median.
    await page.waitForSelector(".state-map path[data-fips='06']");
    expect(await page.$eval(".state-map path[data-fips='06'] title", (t) => t.textContent)).toBe(
      `California: $${shown(california.median, 0)}`,
    );
    expect(await page.$$eval(".state-map path", (p) => p.length)).toBeGreaterThanOrEqual(51);
    expect(await unlabelledControls(page)).toEqual([]);
    await screenshot(page, "occupation");
    expectClean(w);
  });

  test("salary: an EU place's mean is drawn beside U.S. percentiles, and a place matched to another occupation says which", async () => {
    const w = await signedIn("/explore/salary");
    const { page } = w;
    await page.type(".combobox:nth-of-type(1) input", "Softwareentwickler (m/w/d)");
    await closeSuggestions(page, ".combobox:nth-of-type(1) input");
    for (const place of ["Austin, TX", "München"]) {
      await page.type(".place-picker input", place);
      await closeSuggestions(page, ".place-picker input");
      await page.click(".place-picker button");
    }
    await page.click("form.controls button[type=submit]");
    const job = `job_title=${encodeURIComponent("Softwareentwickler (m/w/d)")}&currency=USD`;
    const [austin, munich] = await Promise.all(
      ["Austin, TX", "München"].map((p) => api("salary", `/api/v1/salary?${job}&location=${encodeURIComponent(p)}`)),
    );
    expect([munich.salary.median, typeof munich.salary.mean]).toEqual([null, "number"]); // Eurostat: a mean only
    await page.waitForSelector("#percentile-chart");
    const table = await chartTable(page, "#percentile-chart");
    expect(table.columns).toEqual([austin.query.location, `${munich.query.location} (${munich.query.matched_title})`]);
    expect(table.rows.mean).toEqual([shown(austin.salary.mean), shown(munich.salary.mean)]);
    expect(table.rows.median).toEqual([shown(austin.salary.median), "—"]);
    expect(await text(page, ".other-matches")).toContain(`${munich.query.location}: ${munich.query.matched_title}`);
    expect(await canvasDrawn(page, "#percentile-chart")).toBe(true);
    expectClean(w);
  });

  test("salary: a title typed in German is suggested in German (X9), not as English O*NET titles", async () => {
    const w = await signedIn("/explore/salary");
    const label = await pickSuggestion(w.page, ".combobox:nth-of-type(1) input", "Softwareentwick");
    const x9 = await api("salary", "/api/v1/titles/suggest?q=Softwareentwick&limit=8");
    expect(x9.language).toBe("de");
    expect(label).toBe(x9.suggestions[0].label);
    expect(await w.page.$eval(".combobox:nth-of-type(1) input", (i) => (i as HTMLInputElement).value)).toBe(label);
    expectClean(w);
  });

  test("salary: a place typed but not added is looked up with the title", async () => {
    const w = await signedIn("/explore/salary");
    const { page } = w;
    await page.type(".combobox:nth-of-type(1) input", "registered nurse");
    await page.type(".place-picker input", "Seattle");
    await closeSuggestions(page, ".place-picker input"); // the list would lie over the button below
    await page.click("form.controls button[type=submit]");
    const expected = await api("salary", "/api/v1/salary?job_title=registered%20nurse&location=Seattle&currency=USD");
    await page.waitForSelector("#percentile-chart");
    const table = await chartTable(page, "#percentile-chart");
    expect(table.columns).toEqual([expected.query.location]);
    expect(table.rows.median).toEqual([shown(expected.salary.median)]);
    expectClean(w);
  });

  test("pay gap: rows the page cannot read (a split amount, an unknown pay period) are listed and not sent", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "wf-csv-")), "staff.csv");
    writeFileSync(
      file,
      "Job Title,Gender,Annual Salary,Pay Period\nNurse,F,49000,annual\nNurse,M,52,000,annual\nNurse,M,4300,per month\nNurse,M,4300,fortnightly\nNurse,F,4100,Monatlich\n",
    );
    const w = await signedIn("/explore/pay-gap");
    const { page } = w;
    await ((await page.waitForSelector("input[type=file]")) as any).uploadFile(file);
    await page.waitForSelector(".warning");
    const problems = await page.$$eval(".warning li", (li) => li.map((l) => l.textContent));
    expect(problems).toEqual([
      expect.stringMatching(/^Row 2: /),
      expect.stringMatching(/^Row 4: pay period "fortnightly"/),
    ]);
    expect(await text(page, "form button[type=submit]")).toBe("Create report from 3 records");
    await page.select("select[name=country]", "DE");
    await page.click("form button[type=submit]");
    await page.waitForSelector("#overall-mean-gap");
    const expected = await report([
      { job_title: "Nurse", gender: "F", salary: 49000 },
      { job_title: "Nurse", gender: "M", salary: 4300, salary_period: "monthly" },
      { job_title: "Nurse", gender: "F", salary: 4100, salary_period: "monthly" },
    ]);
    expect(await text(page, "#overall-mean-gap")).toBe(`${shown(expected.overall_mean_gap_pct)}%`);
    expectClean(w);
  });

  test("occupation: a malformed code in the address is refused in the page, not sent", async () => {
    const w = await signedIn("/explore/occupation/..%2F..%2Fsalary%2Fapi");
    await w.page.waitForSelector("main .error");
    expect(w.requests.filter((u) => u.includes("/skills/api/v1/occupations/"))).toEqual([]);
    expectClean(w);
  });

  test("errors show the API's message and suggestion", async () => {
    const w = await signedIn("/explore/salary");
    const { page } = w;
    await page.type(".combobox:nth-of-type(1) input", "nurse");
    await page.type(".place-picker input", "Chicgo Heights Zzz");
    await closeSuggestions(page, ".place-picker input");
    await page.click(".place-picker button");
    await page.click("form.controls button[type=submit]");
    await page.waitForSelector(".error");
    const r = await server.call(
      "salary",
      "/api/v1/salary?job_title=nurse&location=Chicgo%20Heights%20Zzz&currency=USD",
    );
    const { error } = (await r.json()) as any;
    expect(error.code).toBe("LOCATION_NOT_FOUND");
    const shownError = await text(page, ".error");
    expect(shownError).toContain(error.message);
    if (error.suggestion) expect(shownError).toContain(error.suggestion);
    // The failed call is the only console error: the browser's own line for the 400.
    expect(w.consoleErrors.every((e) => e.includes("status of 400"))).toBe(true);
    expect(offLoopback(w.requests, server.url)).toEqual([]);
  });
});
