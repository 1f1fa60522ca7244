// The pay-gap page and pay periods, in Debian's chromium against a real server on the real snapshot: a period
// column is found by its English or German name and each row goes to E7 with its own period; a file that gives no
// period and whose amounts are more than 50× apart is not sent until the user says which period they are in.
// The expected figures are worked by hand below from the fixture files, using E7's documented annualisation.
import { expect, test } from "bun:test";
import type { Browser, Page } from "puppeteer-core";
import { BOOTSTRAP_KEY, type TestServer } from "../support/server.ts";
import { browserSuite, offLoopback, screenshot, signIn, type WatchedPage } from "../support/browser.ts";

const FIXTURES = "test/explorer/fixtures";
let server: TestServer;
let browser: Browser;

const run = browserSuite((s, b) => {
  server = s;
  browser = b;
});

type Gender = "F" | "M";
type Period = "annual" | "monthly" | "hourly";
const record = (job_title: string, gender: Gender, salary: number, salary_period: Period) => ({
  job_title,
  gender,
  salary,
  salary_period,
  employment_type: "full_time",
});

/** pay-frequency.csv, zeitraum.csv and unnamed-period.csv hold the same six people, in English, German and under an unknown header. */
const sixPeople = (title: string) => [
  record(title, "F", 52000, "annual"),
  record(title, "F", 3900, "monthly"),
  record(title, "F", 18.5, "hourly"),
  record(title, "M", 54000, "annual"),
  record(title, "M", 4800, "monthly"),
  record(title, "M", 25, "hourly"),
];
// Their gaps, by hand. E7 annualises monthly × 12 and hourly × 2,080 (no weekly hours given):
//   women 52,000; 3,900 × 12 = 46,800; 18.50 × 2,080 = 38,480 → sum 137,280, median 46,800
//   men   54,000; 4,800 × 12 = 57,600; 25.00 × 2,080 = 52,000 → sum 163,600, median 54,000
//   mean gap (163,600 − 137,280) ÷ 163,600 = 26,320 ÷ 163,600 = 16.09%; median gap 7,200 ÷ 54,000 = 13.33%.
// Both are at least 5%: a joint pay assessment is due. Read as all annual (the page before), the mean gap was
// (58,825 − 55,918.50) ÷ 58,825 = 4.94% and no assessment was due.
const SIX_PEOPLE_GAPS = { mean: "16.09%", median: "13.33%", joint: "Required for at least one category" };

/** The bodies the page posts to E7, as sent. */
function reportRequests(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/compliance/pay-gap-report")) bodies.push(JSON.parse(r.postData() ?? "null"));
  });
  return bodies;
}

async function upload(page: Page, fixture: string) {
  const input = await page.waitForSelector("input[type=file]");
  await (input as any).uploadFile(`${FIXTURES}/${fixture}`);
  await page.waitForSelector("select[name=job_title]");
}

const selected = (page: Page, name: string) =>
  page.$eval(`select[name=${name}]`, (s) => (s as HTMLSelectElement).value);

async function createReport(page: Page) {
  await page.select("select[name=country]", "DE");
  await page.click("form button[type=submit]");
  await page.waitForSelector("#overall-mean-gap");
}

async function shownGaps(page: Page) {
  const headline = await page.$$eval(".headline dd", (dd) => dd.map((d) => d.textContent!.trim()));
  return { mean: headline[0], median: headline[1], joint: headline[3] };
}

function expectClean(w: WatchedPage) {
  expect(offLoopback(w.requests, server.url)).toEqual([]);
  expect(w.consoleErrors).toEqual([]);
}

run("pay-gap page: pay periods in chromium", () => {
  test("a 'Pay Frequency' column mixing Annual, Monthly and Hourly is mapped, and each row is sent with its period", async () => {
    const w = await signIn(browser, server.url, "/explore/pay-gap", BOOTSTRAP_KEY);
    const { page } = w;
    const sent = reportRequests(page);
    await upload(page, "pay-frequency.csv");
    expect(await selected(page, "salary")).toBe("Base Salary");
    expect(await selected(page, "salary_period")).toBe("Pay Frequency");
    expect(await page.$("select[name=file_period]")).toBeNull(); // a period column is mapped: no period for the whole file
    expect(await page.$("#mixed-periods")).toBeNull();
    await createReport(page);
    expect(sent).toEqual([{ country: "DE", employees: sixPeople("Accountant") }]);
    expect(await shownGaps(page)).toEqual(SIX_PEOPLE_GAPS);
    expectClean(w);
  });

  test("a German file (semicolons, 52.000 and 18,50) with Zeitraum Jahr, Monat, Stunde: the same periods and gaps", async () => {
    const w = await signIn(browser, server.url, "/explore/pay-gap", BOOTSTRAP_KEY);
    const { page } = w;
    const sent = reportRequests(page);
    await upload(page, "zeitraum.csv");
    expect([
      await selected(page, "job_title"),
      await selected(page, "gender"),
      await selected(page, "salary"),
      await selected(page, "salary_period"),
    ]).toEqual(["Stelle", "Geschlecht", "Gehalt", "Zeitraum"]);
    await createReport(page);
    expect(sent).toEqual([{ country: "DE", employees: sixPeople("Buchhalter (m/w/d)") }]);
    expect(await shownGaps(page)).toEqual(SIX_PEOPLE_GAPS);
    expectClean(w);
  });

  test("no period column and amounts 52,000, 4,800 and 18.50: the page stops, sends nothing, and reports once a period is chosen", async () => {
    const w = await signIn(browser, server.url, "/explore/pay-gap", BOOTSTRAP_KEY);
    const { page } = w;
    const sent = reportRequests(page);
    await upload(page, "no-period.csv");
    expect(await selected(page, "salary_period")).toBe("");
    const message = await page.$eval("#mixed-periods", (el) => el.textContent!);
    expect(message).toContain("from 18.5 to 54,000, more than 50 times"); // the smallest and largest of 52,000, 4,800, 18.50, 54,000
    expect(message).toContain(
      'Map the column that says each amount\'s period under "Pay period", or choose the period of every amount',
    );
    expect(await page.$eval("form button[type=submit]", (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.$eval("form", (f) => (f as HTMLFormElement).requestSubmit()); // a submit that bypasses the button is refused too
    await page.waitForNetworkIdle({ idleTime: 250 });
    expect(sent).toEqual([]);
    expect(w.requests.filter((u) => u.includes("pay-gap-report"))).toEqual([]);
    expect(await page.$("#overall-mean-gap")).toBeNull();
    await screenshot(page, "pay-gap-mixed-periods");

    // The user states that every amount is annual: the page takes them at their word.
    await page.select("select[name=file_period]", "annual");
    await page.waitForFunction(() => !document.querySelector("#mixed-periods"));
    await createReport(page);
    expect(sent).toEqual([
      {
        country: "DE",
        employees: [
          record("Accountant", "F", 52000, "annual"),
          record("Accountant", "M", 4800, "annual"),
          record("Accountant", "F", 18.5, "annual"),
          record("Accountant", "M", 54000, "annual"),
        ],
      },
    ]);
    // By hand: women 52,000 and 18.50 (mean and median 26,009.25), men 4,800 and 54,000 (29,400): 3,390.75 ÷ 29,400 = 11.53%.
    expect(await shownGaps(page)).toEqual({
      mean: "11.53%",
      median: "11.53%",
      joint: "Required for at least one category",
    });
    expectClean(w);
  });

  test("a period column under a name the page does not know ('Basis'): it stops until the user maps it, then sends each row's period", async () => {
    const w = await signIn(browser, server.url, "/explore/pay-gap", BOOTSTRAP_KEY);
    const { page } = w;
    const sent = reportRequests(page);
    await upload(page, "unnamed-period.csv");
    await page.waitForSelector("#mixed-periods");
    expect(await page.$eval("form button[type=submit]", (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.select("select[name=salary_period]", "Basis");
    await page.waitForFunction(
      () => !document.querySelector("#mixed-periods") && !document.querySelector("select[name=file_period]"),
    );
    await createReport(page);
    expect(sent).toEqual([{ country: "DE", employees: sixPeople("Accountant") }]);
    expect(await shownGaps(page)).toEqual(SIX_PEOPLE_GAPS);
    expectClean(w);
  });
});
