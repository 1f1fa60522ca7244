// Stale CPI series on the cost page, in Debian's chromium against a real server on the real snapshot: with the
// U.S., Germany, the UK and Japan on the chart, the page names the series the API marks stale with their last
// months (beside the chart, and in the legend and data table), and names no other. Which series are stale, and
// their last months, are read from the API's own E11 answer here, never written down. A country whose series ends
// before the From month (E9 answers 404) is left out of the chart and named with its last month; the others are charted.
import { expect, test } from "bun:test";
import type { Browser } from "puppeteer-core";
import { BOOTSTRAP_KEY, type TestServer } from "../support/server.ts";
import { browserSuite, chartTable, offLoopback, screenshot, signIn } from "../support/browser.ts";

let server: TestServer;
let browser: Browser;

const run = browserSuite((s, b) => {
  server = s;
  browser = b;
});

interface Comparison {
  country_code: string;
  country_name: string;
  period: string | null;
  stale: boolean;
}

run("cost page: stale CPI series", () => {
  test("with US, DE, GB and JP, the page names GB and JP with their last months, as E11 marks them, and not US or DE", async () => {
    const r = await server.call("cost", "/api/v1/cpi/compare?countries=US,DE,GB,JP");
    expect(r.status).toBe(200);
    const comparisons: Comparison[] = (await r.json()).data.comparisons;
    const stale = comparisons.filter((c) => c.stale);
    const current = comparisons.filter((c) => !c.stale);
    // The premise: the snapshot's UK (Eurostat, ended 2020-11) and Japan (World Bank) series lag the U.S. by years.
    expect(stale.map((c) => c.country_code)).toEqual(["GB", "JP"]);
    expect(current.map((c) => c.country_code)).toEqual(["US", "DE"]);

    const w = await signIn(browser, server.url, "/explore/cost", BOOTSTRAP_KEY);
    const { page } = w;
    await page.waitForSelector("#cpi-chart"); // the page opens on US and DE
    expect(await page.$("#cpi-stale")).toBeNull(); // neither is stale: no label
    for (const code of ["GB", "JP"]) {
      await page.select("form.controls select", code);
      await page.click("form.controls button[type=submit]");
    }
    await page.waitForFunction(() => document.querySelectorAll("#cpi-chart thead th").length === 4);
    await page.waitForSelector("#cpi-stale");

    // Beside the chart: each stale country by name and code with its last month; no other country.
    const label = await page.$eval("#cpi-stale", (el) => el.textContent!.replace(/\s+/g, " ").trim());
    expect(label).toContain("Stale");
    for (const c of stale)
      expect(label).toContain(`${c.country_name} (${c.country_code}) ends ${c.period!.slice(0, 7)}`);
    for (const c of current) {
      expect(label).not.toContain(c.country_name);
      expect(label).not.toContain(`(${c.country_code})`);
    }
    // It is text in the page, not a colour: a plain paragraph before the chart's figure.
    expect(await page.$eval("#cpi-stale", (el) => el.nextElementSibling?.id)).toBe("cpi-chart");

    // In the data table (and the legend, which uses the same labels): the stale columns say so with their last month.
    const table = await chartTable(page, "#cpi-chart");
    expect(table.columns).toEqual(
      comparisons.map((c) => (c.stale ? `${c.country_name} (stale, ends ${c.period!.slice(0, 7)})` : c.country_name)),
    );
    // The chart still shows the stale series up to their last month, and nothing after it.
    for (const c of stale) {
      const column = table.columns.findIndex((col) => col.startsWith(c.country_name));
      const month = c.period!.slice(0, 7);
      expect(table.rows[month][column]).not.toBe("—");
      const later = Object.keys(table.rows).filter((m) => m > month);
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((m) => table.rows[m][column] === "—")).toBe(true);
    }

    await screenshot(page, "cost-stale");

    // Removing the stale countries removes the label.
    for (const c of stale) await page.click(`button[aria-label="Remove ${c.country_code}"]`);
    await page.waitForFunction(() => document.querySelectorAll("#cpi-chart thead th").length === 2);
    await page.waitForFunction(() => !document.querySelector("#cpi-stale"));
    expect(offLoopback(w.requests, server.url)).toEqual([]);
    expect(w.consoleErrors).toEqual([]);
  });
});

interface Catalogued {
  country_code: string;
  country_name: string;
  last_period: string;
}

run("cost page: a country whose CPI series ends before the From month", () => {
  test("US + GB from 2021-01: the chart shows the U.S., and a note names GB with its last month as the API gives it", async () => {
    // The premise, from the API: GB's series ends before 2021-01, so E9 answers 404 for it from then; the U.S. answers.
    const countries: Catalogued[] = (await (await server.call("cost", "/api/v1/cpi/countries")).json()).data;
    const gb = countries.find((c) => c.country_code === "GB")!;
    const us = countries.find((c) => c.country_code === "US")!;
    expect(gb.last_period.slice(0, 7) < "2021-01").toBe(true);
    expect(us.last_period.slice(0, 7) >= "2021-01").toBe(true);
    expect((await server.call("cost", "/api/v1/cpi/countries/GB/history?start_date=2021-01-01")).status).toBe(404);
    expect((await server.call("cost", "/api/v1/cpi/countries/US/history?start_date=2021-01-01")).status).toBe(200);

    const w = await signIn(browser, server.url, "/explore/cost", BOOTSTRAP_KEY);
    const { page } = w;
    await page.waitForSelector("#cpi-chart"); // the page opens on US and DE
    await page.click('button[aria-label="Remove DE"]');
    await page.select("form.controls select", "GB");
    await page.click("form.controls button[type=submit]");
    await page.waitForFunction(
      (gbName: string) =>
        [...document.querySelectorAll("#cpi-chart thead th")].some((th) => th.textContent!.startsWith(gbName)),
      {},
      gb.country_name,
    );
    expect(await page.$("#cpi-missing")).toBeNull();

    // From 2021-01, as a user picks the month.
    await page.$eval("form.controls label:has(> input[type=month]) input", (el) => {
      const input = el as HTMLInputElement;
      input.value = "2021-01";
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await page.waitForSelector("#cpi-missing");
    const note = await page.$eval("#cpi-missing", (el) => el.textContent!.replace(/\s+/g, " ").trim());
    expect(note).toContain(`${gb.country_name} (GB)`);
    expect(note).toContain(gb.last_period.slice(0, 7));
    expect(note).not.toContain(us.country_name);
    expect(await page.$(".error")).toBeNull(); // no error box: the page still charts the others

    // The chart: the U.S. only, from 2021-01.
    await page.waitForFunction(() => document.querySelectorAll("#cpi-chart thead th").length === 1);
    const table = await chartTable(page, "#cpi-chart");
    expect(table.columns).toEqual([us.country_name]);
    const months = Object.keys(table.rows).sort();
    expect(months[0]).toBe("2021-01");
    expect(table.rows["2021-01"][0]).not.toBe("—");

    // Back to a From month inside GB's series: GB is charted again and the note goes.
    await page.$eval("form.controls label:has(> input[type=month]) input", (el) => {
      const input = el as HTMLInputElement;
      input.value = "2019-01";
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await page.waitForFunction(() => !document.querySelector("#cpi-missing"));
    await page.waitForFunction(() => document.querySelectorAll("#cpi-chart thead th").length === 2);
    expect(offLoopback(w.requests, server.url)).toEqual([]);
    // Chromium logs the one expected 404 (GB's E9 call from 2021-01) as a failed load; nothing else is logged.
    expect(w.requests.filter((u) => u.includes("/cpi/countries/GB/history?start_date=2021-01-01"))).toHaveLength(1);
    expect(w.consoleErrors.length).toBeLessThanOrEqual(1);
    expect(w.consoleErrors.every((e) => e.includes("status of 404"))).toBe(true);
  });
});
