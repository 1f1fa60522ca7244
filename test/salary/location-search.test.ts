// X6 GET /api/v1/locations/search: the explorer's place suggestions. Each row's `location` is what E2 reads as that place.
// Expected areas: metro titles looked up in the BLS OEWS file's AREA_TITLE column (as test/salary/location-lists.test.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, mirror, type TestServer } from "../support/server.ts";

let s: TestServer;
/** OEWS AREA_TITLE → E2's 7-digit area_code (an MSA's 5-digit CBSA code with two leading zeros). */
const areas = new Map<string, string>();
for (const m of (await Bun.file(mirror("bls-oews/oews_M2025_all_areas.csv")).text()).matchAll(/^(\d{5}),"([^"]+)"/gm))
  areas.set(m[2], `00${m[1]}`);
const area = (title: string) => {
  const code = areas.get(title);
  if (!code) throw new Error(`no OEWS area titled ${title}`);
  return code;
};
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());

const search = async (q: string, extra = "") => {
  const res = await s.call("salary", `/api/v1/locations/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as any).suggestions as {
    label: string;
    name: string | null;
    location: string;
    region: string | null;
    kind: string;
  }[];
};
const e2 = async (location: string) =>
  (
    (await (
      await s.call("salary", `/api/v1/salary?job_title=Registered%20Nurse&location=${encodeURIComponent(location)}`)
    ).json()) as any
  ).query.location;

test("the first row is how E2 reads the input, by a location E2 answers with the same label", async () => {
  for (const q of ["Austin, TX", "Portland", "94105", "Berlin", "Deutschland", "Chicgo"]) {
    const [first] = await search(q);
    expect(first.kind).toBe("resolved");
    expect(await e2(first.location)).toBe(first.label);
    expect(await e2(q)).toBe(first.label); // the same place E2 finds for the input itself
  }
});

test("other places of the same name follow, each one E2 resolves by its location", async () => {
  const rows = await search("Portland");
  const alternatives = rows.filter((r) => r.kind === "alternative");
  expect(alternatives.length).toBeGreaterThan(0);
  for (const a of alternatives) expect(await e2(a.location)).toBe(a.label); // labelled as E2 answers for it
  expect(new Set(rows.map((r) => r.location)).size).toBe(rows.length); // no place twice
  // A town answered by its state says so: the label is the state, the name the town.
  const berlinNh = (await search("Berlin")).find((r) => r.name === "Berlin, NH");
  expect(berlinNh).toMatchObject({ kind: "alternative", label: "New Hampshire", region: "us" });
});

test("two places joined by a comma (Seattle, Austin), which E2 refuses, give both readings first, as E2's location_alternatives", async () => {
  const expected = [
    { name: "Seattle, WA", location: area("Seattle-Tacoma-Bellevue, WA"), label: "Seattle-Tacoma-Bellevue, WA" },
    {
      name: "Austin, TX",
      location: area("Austin-Round Rock-San Marcos, TX"),
      label: "Austin-Round Rock-San Marcos, TX",
    },
  ];
  const rows = await search("Seattle, Austin");
  expect(rows.slice(0, 2)).toEqual(expected.map((e) => ({ ...e, region: "us", kind: "alternative" })));
  expect(rows.slice(2).every((r) => r.kind === "suggestion" && r.name === null)).toBe(true);
  expect(new Set(rows.map((r) => r.location)).size).toBe(rows.length);
  expect(rows.filter((r) => r.name === "Seattle, WA" || r.label === "Seattle, WA")).toHaveLength(1); // not again as a near spelling
  // The same two E2 offers when it refuses the input, and each row's location is what E2 answers for with its label.
  const refused = await s.call(
    "salary",
    `/api/v1/salary?job_title=Registered%20Nurse&location=${encodeURIComponent("Seattle, Austin")}`,
  );
  expect(refused.status).toBe(400);
  const { error } = (await refused.json()) as any;
  expect(
    error.location_alternatives.map((a: { name: string; code: string }) => ({ name: a.name, location: a.code })),
  ).toEqual(expected.map(({ name, location }) => ({ name, location })));
  for (const e of expected) expect(await e2(e.location)).toBe(e.label);
  // With room for two rows, the two readings.
  expect((await search("Seattle, Austin", "&limit=2")).map((r) => r.name)).toEqual(["Seattle, WA", "Austin, TX"]);
  // A comma that qualifies is one place, as before: resolved, no readings.
  expect((await search("Austin, TX"))[0]).toMatchObject({
    kind: "resolved",
    location: area("Austin-Round Rock-San Marcos, TX"),
  });
});

test("an input nothing resolves gets names close in spelling, and `limit` caps the rows", async () => {
  const res = await s.call("salary", "/api/v1/salary?job_title=nurse&location=Zzyzxq%20Qwv");
  expect(res.status).toBe(400);
  const rows = await search("Toronot");
  expect(rows.every((r) => r.kind === "suggestion")).toBe(true);
  expect((await search("Portland", "&limit=2")).length).toBe(2);
});

test("q is required and bounded, limit is 1–20, and the scope is salary:read", async () => {
  for (const query of ["", "?q=", `?q=${"x".repeat(201)}`, "?q=Austin&limit=0", "?q=Austin&limit=21"]) {
    expect((await s.call("salary", `/api/v1/locations/search${query}`)).status).toBe(422);
  }
  const skillsOnly = s.key("free", ["skills:read"]);
  expect((await s.call("salary", "/api/v1/locations/search?q=Austin", { key: skillsOnly })).status).toBe(403);
});
