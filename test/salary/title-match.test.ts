// Title → occupation: ≥ 60 real titles as people type them, with the SOC code and tier a careful reader expects.
import { beforeAll, describe, expect, test } from "bun:test";
import { openSnapshot } from "../../src/snapshot/open.ts";
import { createServices, type Services } from "../../src/services.ts";
import { normaliseTitle } from "../../src/domain/title-match.ts";

let s: Services;
beforeAll(() => { s = createServices(openSnapshot(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite")); });

// [typed title, expected 6-digit SOC, expected tier]
const TITLES: [string, string, "alias" | "trigram" | "pattern"][] = [
  ["Registered Nurse", "29-1141", "alias"], ["registered nurses", "29-1141", "alias"], ["RN", "29-1141", "alias"], ["Nurse", "29-1141", "alias"],
  ["Registerd Nurse", "29-1141", "trigram"], ["Sr. Software Eng", "15-1252", "alias"], ["Software Engineer", "15-1252", "alias"],
  ["software developer", "15-1252", "alias"], ["Senior Software Developer II", "15-1252", "alias"], ["Sofware Developer", "15-1252", "trigram"],
  ["Web Dev", "15-1254", "alias"], ["Web Developer", "15-1254", "alias"], ["Data Scientist", "15-2051", "alias"], ["CPA", "13-2011", "alias"],
  ["Accountant", "13-2011", "alias"], ["Jr. Accountant", "13-2011", "alias"], ["Accountant III", "13-2011", "alias"], ["Auditor", "13-2011", "alias"],
  ["CEO", "11-1011", "alias"], ["Chief Executive Officer", "11-1011", "trigram"], ["HR Manager", "11-3121", "alias"],
  ["Human Resources Manager", "11-3121", "alias"], ["Electrician", "47-2111", "alias"], ["Electricians", "47-2111", "alias"],
  ["Plumber", "47-2152", "alias"], ["Carpenter", "47-2031", "alias"], ["Carpentr", "47-2031", "trigram"], ["Truck Driver", "53-3032", "alias"],
  ["Tractor-Trailer Truck Driver", "53-3032", "alias"], ["Cashier", "41-2011", "alias"], ["Lead Cashier", "41-2011", "alias"],
  ["Sales Associate", "41-2031", "alias"], ["Retail Salesperson", "41-2031", "alias"], ["Customer Service Rep", "43-4051", "alias"],
  ["Customer Service Representative", "43-4051", "alias"], ["Receptionist", "43-4171", "alias"], ["Paralegal", "23-2011", "alias"],
  ["Lawyer", "23-1011", "alias"], ["Attorney", "23-1011", "alias"], ["Pharmacist", "29-1051", "alias"], ["Pharmacists", "29-1051", "alias"],
  ["Dental Hygienist", "29-1292", "alias"], ["Nurse Practitioner", "29-1171", "alias"], ["Physician Assistant", "29-1071", "alias"],
  ["Elementary School Teacher", "25-2021", "alias"], ["High School Teacher", "25-2031", "alias"], ["Barista", "35-3023", "alias"],
  ["Waitress", "35-3031", "alias"], ["Waiter", "35-3031", "alias"], ["Janitor", "37-2011", "alias"], ["Security Guard", "33-9032", "alias"],
  ["Police Officer", "33-3051", "alias"], ["Firefighter", "33-2011", "alias"], ["Mechanical Engineer", "17-2141", "alias"],
  ["Civil Engineer", "17-2051", "alias"], ["Electrical Engineer", "17-2071", "alias"], ["Financial Analyst", "13-2051", "alias"],
  ["Graphic Designer", "27-1024", "alias"], ["Marketing Manager", "11-2021", "alias"], ["Project Manager", "13-1082", "alias"],
  ["Dentist", "29-1021", "alias"], ["Veterinarian", "29-1131", "alias"], ["Welder", "51-4121", "alias"], ["Machinist", "51-4041", "alias"],
  ["Bus Driver", "53-3051", "alias"] /* school and transit share the title; more people drive school buses */, ["Pilot", "53-2011", "alias"], ["Flight Attendant", "53-2031", "alias"],
  ["R&D Manager", "11-9041", "alias"] /* an alternate title of engineering and of science managers; engineering employs more */, ["Mechanical Engineers (Sr.)", "17-2141", "alias"], ["ELECTRICIAN!!", "47-2111", "alias"],
];

describe("title table", () => {
  test(`${TITLES.length} titles (≥ 60)`, () => expect(TITLES.length).toBeGreaterThanOrEqual(60));
  for (const [title, soc, tier] of TITLES) {
    test(`"${title}" → ${soc} by ${tier}`, () => {
      const m = s.titleMatcher.match(title);
      expect(m).not.toBeNull();
      expect({ soc: m!.socCode.slice(0, 7), tier: m!.method }).toEqual({ soc, tier });
    });
  }
});

describe("tiers", () => {
  test("pattern: a fragment inside a title matches when no alias or trigram does", () => {
    for (const [fragment, title] of [["arpent", "Carpenter"], ["ndscap", "Landscaper"], ["ssembl", "Assembler"]]) {
      const m = s.titleMatcher.match(fragment)!;
      expect({ method: m.method, text: m.matchedText }).toEqual({ method: "pattern", text: title });
    }
  });

  test("nonsense matches nothing; its suggestion is a list of real titles", () => {
    expect(s.titleMatcher.match("xyzzy qwrtp")).toBeNull();
    expect(s.titleMatcher.match("!!!")).toBeNull();
    expect(s.titleMatcher.closest("nursse practioner").length).toBeGreaterThan(0);
  });

  test("normalisation: case, punctuation, &, abbreviations, seniority and plural", () => {
    expect(normaliseTitle("Sr. Software Eng.")).toBe("software engineer");
    expect(normaliseTitle("R&D Managers")).toBe("r and d manager");
    expect(normaliseTitle("Lead Cashier II")).toBe("cashier");
    expect(normaliseTitle("Senior")).toBe("senior");
  });

  test("words that are also JavaScript object keys do not break the matcher", () => {
    for (const t of ["constructor", "toString", "__proto__", "hasOwnProperty valueOf"]) expect(() => s.titleMatcher.match(t)).not.toThrow();
  });
});
