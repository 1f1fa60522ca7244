// X6 GET /api/v1/locations/search: the explorer's place suggestions. Each row's `location` is what E2 reads as that place.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";

let s: TestServer;
beforeAll(() => { s = startTestServer(); });
afterAll(() => s.stop());

const search = async (q: string, extra = "") => {
  const res = await s.call("salary", `/api/v1/locations/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return (await res.json() as any).suggestions as { label: string; name: string | null; location: string; region: string | null; kind: string }[];
};
const e2 = async (location: string) => (await (await s.call("salary", `/api/v1/salary?job_title=Registered%20Nurse&location=${encodeURIComponent(location)}`)).json() as any).query.location;

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
