// Places a user typed are never silently dropped (issue 31, part 4): E3's and E5's lists are ";"-separated, so a
// comma list that is not one place is refused with a hint; E2's "Place, Qualifier" takes only a state, province,
// region or country after the comma, so "Seattle, Austin" is two places, offered both.
// Expected areas: the metro titles of the OMB delineation, looked up in the BLS OEWS file's AREA_TITLE column.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, mirror, type TestServer } from "../support/server.ts";

let s: TestServer;
/** OEWS AREA_TITLE → E2's 7-digit area_code (an MSA's 5-digit CBSA code with two leading zeros). */
const areas = new Map<string, string>();
// Read before the tests are declared: some are one per area title.
for (const m of (await Bun.file(mirror("bls-oews/oews_M2025_all_areas.csv")).text()).matchAll(/^(\d{5}),"([^"]+)"/gm))
  areas.set(m[2], `00${m[1]}`);
beforeAll(() => {
  s = startTestServer({ EU_LEGACY_ENDPOINTS: "on" }); // E5 keeps its list parsing while installations still serve it
});
afterAll(() => s.stop());

const area = (title: string) => {
  const code = areas.get(title);
  if (!code) throw new Error(`no OEWS area titled ${title}`);
  return code;
};
const call = (path: string, q: Record<string, string>) => s.call("salary", `${path}?${new URLSearchParams(q)}`);

/** A 400 LOCATION_NOT_FOUND in the spec's envelope, its request_id the one the response header carries. */
async function locationError(res: Response) {
  expect(res.status).toBe(400);
  const { error } = await res.json();
  expect(error).toMatchObject({ code: "LOCATION_NOT_FOUND", status: 400 });
  expect(error.request_id).toBe(res.headers.get("x-request-id")!);
  return error;
}

describe("E3 and E5: a comma list is not read as one of its places", () => {
  for (const locations of [
    "NYC,Seattle,Austin",
    "NYC, Seattle, Austin",
    "Seattle,Austin",
    "Boston, Seattle, Austin, TX",
  ]) {
    test(`E3 locations=${locations} → 400 saying to separate places with ";"`, async () => {
      const error = await locationError(await call("/api/v1/salary/compare", { job_title: "nurse", locations }));
      expect(error.field).toBe("locations");
      expect(error.message).toContain(locations);
      expect(error.suggestion).toContain(";");
      expect(error.suggestion).toContain(
        locations
          .split(",")
          .map((p) => p.trim())
          .join("; "),
      );
    });
  }

  test("the places the list named come back as alternatives, each with its own code", async () => {
    const error = await locationError(
      await call("/api/v1/salary/compare", { job_title: "nurse", locations: "NYC,Seattle,Austin" }),
    );
    expect(error.location_alternatives.map((a: { code: string }) => a.code)).toEqual([
      area("New York-Newark-Jersey City, NY-NJ"),
      area("Seattle-Tacoma-Bellevue, WA"),
      area("Austin-Round Rock-San Marcos, TX"),
    ]);
  });

  test("the same list with semicolons compares all three, in order", async () => {
    const res = await call("/api/v1/salary/compare", { job_title: "nurse", locations: "NYC; Seattle; Austin" });
    expect(res.status).toBe(200);
    expect((await res.json()).comparisons.map((c: { location: string }) => c.location)).toEqual([
      "New York-Newark-Jersey City, NY-NJ",
      "Seattle-Tacoma-Bellevue, WA",
      "Austin-Round Rock-San Marcos, TX",
    ]);
  });

  // One entry with a comma that is one place is not a list.
  for (const [locations, title] of [
    ["Austin, TX", "Austin-Round Rock-San Marcos, TX"],
    ["Portland, OR", "Portland-Vancouver-Hillsboro, OR-WA"],
    ["New York-Newark-Jersey City, NY-NJ", "New York-Newark-Jersey City, NY-NJ"],
    ["Austin, TX, USA", "Austin-Round Rock-San Marcos, TX"],
  ]) {
    test(`E3 locations=${locations} is one place`, async () => {
      const res = await call("/api/v1/salary/compare", { job_title: "nurse", locations });
      expect(res.status).toBe(200);
      expect((await res.json()).comparisons.map((c: { location: string }) => c.location)).toEqual([title]);
    });
  }
  test("E3 locations=Lyon, France is one place", async () => {
    const body = await (await call("/api/v1/salary/compare", { job_title: "nurse", locations: "Lyon, France" })).json();
    expect(body.comparisons.map((c: { country_code: string }) => c.country_code)).toEqual(["FR"]);
  });

  test("E5 countries=DE,FR,IT → 400 with the hint (it used to answer Italy alone)", async () => {
    const error = await locationError(
      await call("/api/v1/salary/eu/compare", { job_title: "Nurse", countries: "DE,FR,IT" }),
    );
    expect(error.field).toBe("countries");
    expect(error.suggestion).toContain("DE; FR; IT");
    expect(error.location_alternatives.map((a: { code: string }) => a.code)).toEqual(["DE", "FR", "IT"]);
  });
  test("E5 countries=DE;FR;IT answers three countries", async () => {
    const body = await (await call("/api/v1/salary/eu/compare", { job_title: "Nurse", countries: "DE;FR;IT" })).json();
    expect(body.comparisons.map((c: { country_code: string }) => c.country_code)).toEqual(["DE", "FR", "IT"]);
  });
});

describe("E2: after a comma, only a state, province, region or country qualifies", () => {
  test("Seattle, Austin → 400 with both readings as alternatives", async () => {
    const error = await locationError(
      await call("/api/v1/salary", { job_title: "nurse", location: "Seattle, Austin" }),
    );
    expect(error.field).toBe("location");
    expect(error.message).toContain("two places");
    expect(error.location_alternatives).toEqual([
      expect.objectContaining({ name: "Seattle, WA", code: area("Seattle-Tacoma-Bellevue, WA") }),
      expect.objectContaining({ name: "Austin, TX", code: area("Austin-Round Rock-San Marcos, TX") }),
    ]);
    expect(error.suggestion).toContain("Seattle; Austin");
  });

  test("each reading answers on its own", async () => {
    for (const [location, title] of [
      ["Seattle", "Seattle-Tacoma-Bellevue, WA"],
      ["Austin", "Austin-Round Rock-San Marcos, TX"],
    ]) {
      expect((await (await call("/api/v1/salary", { job_title: "nurse", location })).json()).query.area_code).toBe(
        area(title),
      );
    }
  });

  test("Paris, London → 400; London is outside coverage, so only Paris is offered, and the message says so", async () => {
    const error = await locationError(await call("/api/v1/salary", { job_title: "nurse", location: "Paris, London" }));
    expect(error.location_alternatives.map((a: { code: string }) => a.code)).toEqual(["FR"]);
    expect(error.message).toContain("London, United Kingdom, outside coverage");
  });

  // Qualifiers that are states, provinces, regions or countries still qualify; expected: the OMB metro or the country.
  const US: [string, string][] = [
    ["Austin, TX", "Austin-Round Rock-San Marcos, TX"],
    ["Austin, Texas", "Austin-Round Rock-San Marcos, TX"],
    ["Portland, OR", "Portland-Vancouver-Hillsboro, OR-WA"],
    ["Springfield, IL", "Springfield, IL"],
    ["Washington, DC", "Washington-Arlington-Alexandria, DC-VA-MD-WV"],
    ["Austin-Round Rock-San Marcos, TX", "Austin-Round Rock-San Marcos, TX"],
    ["New York-Newark-Jersey City, NY-NJ", "New York-Newark-Jersey City, NY-NJ"],
    ["Austin, Texas, United States", "Austin-Round Rock-San Marcos, TX"],
    // Every OEWS title that spans states, and a principal city with those states ("MO-IL" once read as no region: Senegal's Saint-Louis).
    ...[...areas.keys()].filter((t) => /, [A-Z]{2}(-[A-Z]{2})+$/.test(t)).map((t): [string, string] => [t, t]),
    ["St. Louis, MO-IL", "St. Louis, MO-IL"],
    ["Chicago, IL-IN", "Chicago-Naperville-Elgin, IL-IN"],
    // No namesake of its own: a neighbourhood is part of the place after the comma.
    ["Capitol Hill, Seattle", "Seattle-Tacoma-Bellevue, WA"],
    // Both names the same metro: nothing is dropped.
    ["Cambridge, Boston", "Boston-Cambridge-Newton, MA-NH"],
  ];
  for (const [location, title] of US) {
    test(`${location} → ${title}`, async () => {
      const res = await call("/api/v1/salary", { job_title: "nurse", location });
      expect(res.status).toBe(200);
      expect((await res.json()).query.area_code).toBe(area(title));
    });
  }
  const EU: [string, string][] = [
    ["Lyon, France", "FR"],
    ["Paris, Île-de-France", "FR"],
    ["Frankfurt am Main, Deutschland", "DE"],
    ["Munich, Bavaria", "DE"],
    ["Porto, PT", "PT"],
  ];
  for (const [location, country] of EU) {
    test(`${location} → ${country}`, async () => {
      const res = await call("/api/v1/salary", { job_title: "nurse", location });
      expect(res.status).toBe(200);
      expect((await res.json()).query.country_code).toBe(country);
    });
  }
  // A province or nation abroad qualifies too, so these are refused as outside coverage, not read as a U.S. or French namesake.
  for (const [location, country] of [
    ["London, Ontario", "Canada"],
    ["Paris, Ontario", "Canada"],
    ["Birmingham, England", "United Kingdom"],
    ["Vancouver, BC", "Canada"],
  ]) {
    test(`${location} → refused: in ${country}`, async () => {
      const error = await locationError(await call("/api/v1/salary", { job_title: "nurse", location }));
      expect(error.message).toContain(`is in ${country}`);
    });
  }
});
