/// <reference lib="dom" />
// A real browser for the explorer tests: Debian's chromium (installed by .ci/run; CHROMIUM_PATH overrides),
// driven by puppeteer-core. Each page records every request it makes and every console error, so a test can
// assert that nothing left the loopback address and that the page logged no error.
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, setDefaultTimeout } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { startTestServer, type TestServer } from "./server.ts";
import { buildExplorer } from "../../scripts/build-explorer.ts";
import { whenInstalled } from "./requires.ts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOTS = "build/screenshots";

/**
 * One explorer test file's setup: the explorer built from the current source (also under a plain `bun test`), a real
 * server and one browser, handed to `ready`, closed after the file. Returns the `describe` to use: locally a missing
 * chromium skips the file; in CI (.ci/run installs it) its absence is a failure.
 */
export function browserSuite(ready: (server: TestServer, browser: Browser) => void): typeof describe {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  setDefaultTimeout(60_000); // a browser test drives pages and API calls: more than bun's default 5 s on a busy machine
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`chromium is required in CI for the explorer tests (${CHROMIUM})`);
      return;
    }
    await buildExplorer();
    server = startTestServer();
    browser = await launchBrowser();
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return whenInstalled(describe, existsSync(CHROMIUM), "chromium");
}

export const launchBrowser = (): Promise<Browser> =>
  puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });

export interface WatchedPage {
  page: Page;
  requests: string[];
  consoleErrors: string[];
}

export async function openPage(browser: Browser): Promise<WatchedPage> {
  const context = await browser.createBrowserContext(); // its own sessionStorage and cache
  const page = await context.newPage();
  await page.setViewport({ width: 1100, height: 900 });
  const watched: WatchedPage = { page, requests: [], consoleErrors: [] };
  page.on("request", (r) => {
    watched.requests.push(r.url());
  });
  page.on("console", (m) => {
    if (m.type() === "error") watched.consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => {
    watched.consoleErrors.push(`page error: ${(e as Error).message}`);
  });
  return watched;
}

/** A fresh browser context on `base` + `path`, the key entered in the form as a user would. */
export async function signIn(browser: Browser, base: string, path: string, key: string): Promise<WatchedPage> {
  const watched = await openPage(browser);
  const { page } = watched;
  await page.goto(`${base}${path}`);
  await page.waitForSelector("#api-key");
  await page.type("#api-key", key);
  await page.keyboard.press("Enter");
  await page.waitForSelector(".key-form button");
  return watched;
}

/** Requests that went anywhere but the test server (data: URLs stay in the page). */
export const offLoopback = (requests: string[], base: string) =>
  requests.filter((u) => !u.startsWith(`${base}/`) && !u.startsWith("data:"));

/** The whole page, and its top as a preview (the README's images are these, reduced with pngquant). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: `${SCREENSHOTS}/${name}.preview.png`,
    clip: { x: 0, y: 0, width: 1100, height: Math.min(height, 1300) },
  });
}

/** Types into a combobox, waits for its suggestions, and picks the first with the keyboard (↓, Enter). */
export async function pickSuggestion(page: Page, inputSelector: string, text: string): Promise<string> {
  const input = (await page.waitForSelector(inputSelector))!;
  await input.click({ count: 3 });
  await input.type(text);
  const listId = await input.evaluate((el) => el.getAttribute("aria-controls"));
  const first = await page.waitForSelector(`[id="${listId}"]:not([hidden]) [role=option]`);
  const label = await first!.evaluate((el) => el.firstChild?.textContent ?? "");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  return label.trim();
}

/** A chart's figures, as its data table (opened with its toggle) shows them: row label → column label → text. */
export async function chartTable(
  page: Page,
  figureSelector: string,
): Promise<{ columns: string[]; rows: Record<string, string[]> }> {
  const figure = (await page.waitForSelector(figureSelector))!;
  const toggle = (await figure.$(".table-toggle"))!;
  if ((await toggle.evaluate((b) => b.getAttribute("aria-expanded"))) !== "true") await toggle.click();
  return figure.$eval("table", (t) => ({
    columns: [...t.querySelectorAll("thead th")].map((th) => th.textContent!.trim()),
    rows: Object.fromEntries(
      [...t.querySelectorAll("tbody tr")].map((tr) => [
        tr.querySelector("th")!.textContent!.trim(),
        [...tr.querySelectorAll("td")].map((td) => td.textContent!.trim()),
      ]),
    ),
  }));
}

/** Whether the chart's canvas has anything drawn on it. */
export const canvasDrawn = (page: Page, figureSelector: string) =>
  page.$eval(`${figureSelector} canvas`, (c) => {
    const canvas = c as HTMLCanvasElement;
    const pixels = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  });

/** Form controls without an accessible name (a label, aria-label or text). */
export const unlabelledControls = (page: Page) =>
  page.$$eval("input:not([type=hidden]), select, button", (els) =>
    els
      .filter((el) => {
        const labelled =
          (el as HTMLInputElement).labels?.length ||
          el.getAttribute("aria-label") ||
          (el.tagName === "BUTTON" && el.textContent!.trim());
        return !labelled;
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );

/** The page's number formatting (en-US, at most `digits` decimals), so a test compares with what the API answered. */
export const shown = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? "—" : v.toLocaleString("en-US", { maximumFractionDigits: digits });
