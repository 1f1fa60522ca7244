// Titles as job ads and employers write them, through the endpoints: headlines in seven languages, the coding
// conventions, text that is no title, and calibrated alternatives. Expected codes are ISCO-08's and SOC 2018's
// own (a nurse is 2221 / 29-1141, a soldier 0310), never the matcher's output.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { startTestServer, type TestServer } from "../support/server.ts";
import { notTitles } from "../../scripts/snapshot/title-ranker.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());
const salary = async (title: string, location: string) => {
  const res = await s.call(
    "salary",
    `/api/v1/salary?job_title=${encodeURIComponent(title)}&location=${encodeURIComponent(location)}`,
  );
  return { status: res.status, body: await res.json() };
};

describe("a headline is read before it is matched", () => {
  test.each([
    ["Pflegefachkraft (m/w/d) Intensivstation – Voll- oder Teilzeit", "Berlin", "2221"],
    ["Infirmier / Infirmière DE pour notre service de réanimation – CDI temps plein", "Lyon", "2221"],
    ["Wijkverpleegkundige niveau 5 – 28-36 uur", "Utrecht", "2221"],
    ["Enfermero/a", "Madrid", "2221"],
    // The ILO lists "Radiographer" and "Dental technician" among the examples of ISCO-08 3211 and 3214 (ISCO-08
    // structure and definitions, "Included occupations"); ESCO puts its radiographer in 2269 and its dental
    // technician in 2261. A dentist is 2261 in both.
    ["Radiographer", "Dublin", "3211"],
    ["Dental technician", "Dublin", "3214"],
    ["Dentist", "Dublin", "2261"],
    // ESCO v1.2.1 lists "relief worker" among the labels of victim support officer (2635): the role as written is
    // a label, though "relief" alone is a schedule word in Irish ads (Healthcare Assistant (Relief)).
    ["Relief Worker", "Dublin", "2635"],
  ])("%s in %s → ISCO %s", async (title, location, isco) => {
    const { status, body } = await salary(title, location);
    expect(status).toBe(200);
    expect(body.query.matched_isco_full).toBe(isco);
  });

  // ESCO v1.2.1 gives its forester (1311, a manager) the German label "Forstwirt/Forstwirtin"; the German trade of
  // that name (a three-year apprenticeship) fells, plants and tends forests: ISCO-08 6210, whose
  // included occupations list "Forestry worker". Job-ad headlines of exactly these words, coded so, go first: the
  // answer, or, if its probability is under the threshold, the first of the 404's alternatives.
  test("a name ads read otherwise than a classification's label: 'Forstwirt' is a forestry worker (6210)", async () => {
    const { status, body } = await salary("Forstwirt (m/w/d)", "Kassel");
    const first = status === 200 ? body.query.matched_isco_full : body.error.alternatives[0]?.code;
    expect([status, first]).toEqual([status === 200 ? 200 : 404, "6210"]);
  });

  test("a country's name after the role is where, not what: '– Malta' is no Italian malt expert (ESCO 7515)", async () => {
    const { status, body } = await salary("Live Casino Game Presenter – Malta", "Valletta");
    expect(status).toBe(200);
    expect(body.query.matched_isco_full).not.toBe("7515");
    expect(body.query.matched_label).not.toContain("malto");
  });

  // ISCO-08 8332 drives goods vehicles over 3.5 t, which need an EU category C licence; 8331 buses (category D).
  test.each([
    ["Kierowca kat. C+E – transport międzynarodowy", "Poznań", "8332"],
    ["Kraftfahrer (m/w/d) Klasse CE – Nahverkehr", "Hamburg", "8332"],
    ["Autista patente CE – trasporti nazionali", "Verona", "8332"],
    ["Chófer carnet C – reparto regional", "Zaragoza", "8332"],
    ["Conducteur de car (H/F) – permis D", "Lille", "8331"],
  ])("%s in %s → ISCO %s, by the licence it names", async (title, location, isco) => {
    const { status, body } = await salary(title, location);
    expect(status).toBe(200);
    expect([body.query.matched_isco_full, body.query.match_method]).toEqual([isco, "convention"]);
  });

  // The Structure of Earnings Survey covers no armed forces (NACE O is out of it): E2 has no figures, so E8
  // shows the match.
  test.each([
    [
      "Cocinero/a militar – Tropa profesional – Ejército de Tierra",
      "ES",
      "0310",
      "Armed Forces Occupations, Other Ranks",
    ],
    ["Feldwebel (m/w/d) im Sanitätsdienst – Bundeswehr", "DE", "0210", "Non-commissioned Armed Forces Officers"],
    ["Oficer Marynarki Wojennej – Gdynia", "PL", "0110", "Commissioned Armed Forces Officers"],
  ])("%s (%s) → ISCO %s, whatever the task", async (job_title, country, isco, title) => {
    const res = await s.call("salary", "/api/v1/compliance/validate-salary-range", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ job_title, country, min_salary: 30000, max_salary: 40000 }),
    });
    const body = await res.json();
    expect(body).toMatchObject({ matched_isco_full: isco, matched_title: title, match_method: "convention" });
  });

  test("a nurse on a U.S. path in Spanish is a registered nurse, not a phlebotomist", async () => {
    const { body } = await salary("Enfermero/a", "Austin, TX");
    expect(body.query.matched_soc).toBe("29-1141");
  });

  test("Softwareentwickler (m/w/d) in Austin reaches O*NET's own Software Developers", async () => {
    const { body } = await salary("Softwareentwickler (m/w/d)", "Austin, TX");
    expect(body.query.matched_soc).toBe("15-1252");
  });
});

describe("what is not a title gets the spec's 404 with the generic hint, not a guess", () => {
  test.each([
    "Acme Holdings LLC",
    "<b>Nurse</b>",
    "https://jobs.example.com/123",
    "Are you looking for a new challenge in a great team?",
    "N/A",
  ])("%s", async (title) => {
    const { status, body } = await salary(title, "US");
    expect(status).toBe(404);
    expect(body.error.code).toBe("NO_SALARY_DATA");
    expect(body.error.request_id).toBeString();
    expect(body.error.alternatives).toEqual([]);
    expect(body.error.suggestion).toContain("Try a common job title");
  });
});

describe("text the ranker learned is no title (places, products, skills), on places it never saw: a 404", () => {
  // The five most populous places of the fifth held out of the ranker's training (scripts/snapshot/title-ranker.ts).
  const db = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
  const held = new Set(
    notTitles(db)
      .filter((n) => n.heldOut && n.kind === "place")
      .map((n) => n.text),
  );
  const places = db
    .query<{ name: string }, []>(
      "SELECT name, max(population) AS p FROM place_name WHERE population >= 100000 GROUP BY name ORDER BY p DESC",
    )
    .all()
    .map((r) => r.name)
    .filter((n) => held.has(n))
    .slice(0, 5);
  db.close();
  test("five such places are held out", () => expect(places).toHaveLength(5));
  test.each(
    places.flatMap((p) => [
      [p, "Austin, TX"],
      [p, "DE"],
    ]),
  )("%s in %s", async (title, location) => {
    expect((await salary(title, location)).status).toBe(404);
  });
});

describe("confidence is a probability: alternatives carry theirs, sorted, never above the answer's", () => {
  test("in an answer", async () => {
    const { body } = await salary("Financial Analyst", "US");
    const all = [body.query.match_confidence, ...body.query.alternatives.map((a: any) => a.confidence)];
    expect(all).toEqual([...all].sort((a, b) => b - a));
    for (const p of all) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
  });

  test("in a 404", async () => {
    const { status, body } = await salary("Chief Happiness Wizard", "US");
    expect(status).toBe(404);
    const probabilities = body.error.alternatives.map((a: any) => a.confidence);
    expect(probabilities.length).toBeGreaterThan(0);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));
  });
});

describe("E7 classifies each record with the same reading and threshold", () => {
  test("headlines are classified by their role; a company name is an unmatched title", async () => {
    const rec = (job_title: string, gender: "M" | "F") => ({ job_title, gender, salary: 50000 });
    const employees = [
      rec("Pflegefachkraft (m/w/d) – Teilzeit", "F"),
      rec("Gesundheits- und Krankenpfleger (m/w/d) – Vollzeit", "M"),
      rec("Müller Pflege GmbH", "F"),
      rec("Müller Pflege GmbH", "M"),
    ];
    const res = await s.call("salary", "/api/v1/compliance/pay-gap-report", {
      method: "POST",
      body: JSON.stringify({ country: "DE", employees }),
      headers: { "content-type": "application/json" },
    });
    const body = await res.json();
    expect(body.categories.find((c: any) => c.isco_code === "2").employee_count).toBe(2);
    expect(body.unmatched_titles).toEqual([{ job_title: "Müller Pflege GmbH", employees: 2, alternatives: [] }]);
  });
});
