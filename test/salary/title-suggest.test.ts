// X9 GET /api/v1/titles/suggest: titles in the language typed, each one a label of ESCO's (or O*NET's) file.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mirror, startTestServer, type TestServer } from "../support/server.ts";
import { textRows } from "../support/publisher.ts";

let s: TestServer;
/** The Austrian and German national lists mapped to ESCO, as text: a national title is a label too. */
let nationalText = "";
/** ESCO v1.2.0's German labels (preferred and alternative) → the ISCO-08 group of their occupation. */
const germanLabels = new Map<string, string>();
beforeAll(async () => {
  s = startTestServer();
  for (const file of ["AT_mapping.csv", "DE_mapping_18.05.22.csv"])
    nationalText += await Bun.file(mirror(`esco/national/${file}`)).text();
  for (const r of await textRows("esco/v1.2.0/occupations_de.csv"))
    for (const label of [r.preferredLabel, ...(r.altLabels ?? "").split("\n")])
      if (label) germanLabels.set(label.trim(), r.iscoGroup!);
}, 60_000);
afterAll(() => s.stop());
const suggest = async (query: string) => (await s.call("salary", `/api/v1/titles/suggest?${query}`)).json();

test("a German title, half typed: German labels from ESCO's file (with its ISCO-08 group) or a national list", async () => {
  const body = await suggest("q=Softwareentw&country=DE");
  expect(body.language).toBe("de");
  expect(body.suggestions.length).toBeGreaterThan(2);
  for (const t of body.suggestions) {
    expect(t.language).toBe("de");
    expect([t.label, germanLabels.has(t.label) || nationalText.includes(t.label)]).toEqual([t.label, true]);
    if (germanLabels.has(t.label)) expect(t.code).toBe(germanLabels.get(t.label)!); // the label's own ISCO group
  }
  const whole = await suggest("q=Softwareentwickler&country=DE");
  expect(whole.suggestions[0]).toMatchObject({ label: "Softwareentwickler/Softwareentwicklerin", code: "2512" });
  expect(germanLabels.get("Softwareentwickler/Softwareentwicklerin")).toBe("2512");
});

test("French, Polish and Italian titles answer in their language; English reads as English without filed titles", async () => {
  for (const [q, language] of [
    ["infirmier%20de%20nuit", "fr"],
    ["programista", "pl"],
    ["cuoco", "it"],
    ["software%20dev", "en"],
  ] as const) {
    const body = await suggest(`q=${q}`);
    expect([q, body.language]).toEqual([q, language]);
    for (const t of body.suggestions) expect([q, t.language]).toEqual([q, language]);
  }
  const english = await suggest("q=software%20dev");
  for (const t of english.suggestions) expect(t.label).not.toMatch(/^[A-Z0-9 ,\\/&-]+$/); // no all-caps filing
});

test("an occupation best read by a label no one picks (a job-ad headline) shows the best label one would", async () => {
  // `infirmier` in France is Nursing Professionals (2221), read best by our coded headline "Infirmier / Infirmière
  // DE": the suggestion is one of ESCO's French labels of a 2221 occupation instead, not the occupation dropped.
  const frenchLabels = new Map<string, string>();
  for (const r of await textRows("esco/v1.0.8/occupations_fr.csv"))
    for (const label of [r.preferredLabel, ...(r.altLabels ?? "").split("\n")])
      if (label) frenchLabels.set(label.trim(), r.iscoGroup!);
  const body = await suggest("q=infirmier&country=FR");
  const nurse = body.suggestions.find((t: { code: string }) => t.code === "2221");
  expect(nurse).toBeDefined();
  expect(frenchLabels.get(nurse.label)).toBe("2221");
  // Read for a U.S. place, the same title's registered nurses (O*NET-SOC 29-1141.00) keep their own code, shown
  // with one of those French labels.
  const us = await suggest("q=infirmier&country=US");
  const rn = us.suggestions.find((t: { code: string }) => t.code === "29-1141.00");
  expect(rn).toBeDefined();
  expect(frenchLabels.get(rn.label)).toBe("2221");
});

test("an ISCO unit group's title is no job a person holds: not offered, though the matcher reads it", async () => {
  // ESCO's ISCOGroups_pl.csv, 9211: "Pomocniczy robotnicy polowi" (crop farm labourers).
  const body = await suggest("q=Pomocniczy%20robotnicy%20polowi&country=PL");
  expect(body.suggestions.map((t: { label: string }) => t.label)).not.toContain("Pomocniczy robotnicy polowi");
});

test("nothing to read → no suggestions; bad input → 422 in the envelope", async () => {
  expect(await suggest("q=qqqqzzzz")).toMatchObject({ language: null, suggestions: [] });
  const bad = await s.call("salary", "/api/v1/titles/suggest?q=");
  expect(bad.status).toBe(422);
  expect((await bad.json()).error.request_id).toBeDefined();
});

test("a begun last word is read as its likeliest completions too: a typeahead's list, from O*NET's own titles", async () => {
  // O*NET 30.0's Alternate Titles: each title → the occupations that list it.
  const listedUnder = new Map<string, Set<string>>();
  for (const r of await textRows("onet/db_30_0_text/Alternate Titles.txt", "\t")) {
    const codes = listedUnder.get(r["Alternate Title"]!) ?? new Set<string>();
    listedUnder.set(r["Alternate Title"]!, codes.add(r["O*NET-SOC Code"]!));
  }
  // Read as written, `engin` is the stem of engine, and `dri` only a fragment: Engine Mechanic and Drip Pumper came first.
  for (const [q, title] of [
    ["data%20engin", "Data Engineer"],
    ["truck%20dri", "Truck Driver"],
  ]) {
    const first = (await suggest(`q=${q}`)).suggestions[0];
    expect([q, first.label]).toEqual([q, title]);
    expect(listedUnder.get(title)!.has(first.code)).toBe(true);
  }
  // A whole word as common as any it begins is finished: `Nurse` is no Nursemaid or Nursery Manager.
  const nurse = await suggest("q=Registered%20Nurse");
  for (const t of nurse.suggestions) expect(t.label).not.toMatch(/Nursemaid|Nursery/);
  expect(nurse.suggestions[0].code).toBe("29-1141.00");
});
