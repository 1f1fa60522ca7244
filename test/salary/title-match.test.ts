// Title → occupation on the real snapshot: the U.S. path (O*NET-SOC) and the EU path (ISCO-08 unit group), with
// each normalisation rule exercised in every language. Expected codes come from the classifications, not from
// the matcher's output: SOC 2018 for U.S. titles, the ISCO-08 unit group a coder would assign for EU titles.
import { beforeAll, describe, expect, test } from "bun:test";
import { openSnapshot } from "../../src/snapshot/open.ts";
import { createServices, type Services } from "../../src/services.ts";
import {
  titleWords,
  slashVariants,
  stripMarkers,
  fold,
  bracketedForms,
  regionalForm,
  type Lang,
  splitCompound,
} from "../../src/domain/title/text.ts";
import { withConfidence, titleVariants } from "../../src/domain/title/match.ts";
import { likelyHead } from "../../src/domain/title/lexicon.ts";

let s: Services;
beforeAll(() => {
  s = createServices(openSnapshot(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite"));
});

const us = (title: string) => s.titleMatcher.match(title, { target: "soc", country: "US" });
const eu = (title: string, country: string) => s.titleMatcher.match(title, { target: "isco", country });

// [typed title, expected 6-digit SOC]
const US_TITLES: [string, string][] = [
  ["Registered Nurse", "29-1141"],
  ["registered nurses", "29-1141"],
  ["RN", "29-1141"],
  ["Registerd Nurse", "29-1141"],
  ["Sr. Software Eng", "15-1252"],
  ["Software Engineer", "15-1252"],
  ["Senior Software Developer II", "15-1252"],
  ["Web Developer", "15-1254"],
  ["Data Scientist", "15-2051"],
  ["CPA", "13-2011"],
  ["Jr. Accountant", "13-2011"],
  ["Accountant III", "13-2011"],
  ["HR Manager", "11-3121"],
  ["Electrician", "47-2111"],
  ["Electricians", "47-2111"],
  ["Plumber", "47-2152"],
  ["Carpentr", "47-2031"],
  ["Truck Driver", "53-3032"],
  ["Cashier", "41-2011"],
  ["Lead Cashier", "41-2011"],
  ["Customer Service Rep", "43-4051"],
  ["Paralegal", "23-2011"],
  ["Attorney", "23-1011"],
  ["Pharmacist", "29-1051"],
  ["Dental Hygienist", "29-1292"],
  ["Nurse Practitioner", "29-1171"],
  ["High School Teacher", "25-2031"],
  ["Barista", "35-3023"],
  ["Janitor", "37-2011"],
  ["Security Guard", "33-9032"],
  ["Police Officer", "33-3051"],
  ["Mechanical Engineer", "17-2141"],
  ["Financial Analyst", "13-2051"],
  ["Graphic Designer", "27-1024"],
  ["Dentist", "29-1021"],
  ["Welder", "51-4121"],
  ["Flight Attendant", "53-2031"],
  ["ELECTRICIAN!!", "47-2111"],
  ["Mechanical Engineers (Sr.)", "17-2141"],
  ["Nurse", "29-1141"],
  ["software developer", "15-1252"],
  ["Web Dev", "15-1254"],
  ["Accountant", "13-2011"],
  ["Auditor", "13-2011"],
  ["CEO", "11-1011"],
  ["Chief Executive Officer", "11-1011"],
  ["Human Resources Manager", "11-3121"],
  ["Carpenter", "47-2031"],
  ["Tractor-Trailer Truck Driver", "53-3032"],
  ["Sales Associate", "41-2031"],
  ["Retail Salesperson", "41-2031"],
  ["Customer Service Representative", "43-4051"],
  ["Receptionist", "43-4171"],
  ["Lawyer", "23-1011"],
  ["Pharmacists", "29-1051"],
  ["Physician Assistant", "29-1071"],
  ["Elementary School Teacher", "25-2021"],
  ["Waitress", "35-3031"],
  ["Waiter", "35-3031"],
  ["Firefighter", "33-2011"],
  ["Civil Engineer", "17-2051"],
  ["Electrical Engineer", "17-2071"],
  ["Marketing Manager", "11-2021"],
  ["Veterinarian", "29-1131"],
  ["Machinist", "51-4041"],
  // O*NET lists "Bus Driver" as an alternate and a reported title of both school and transit bus drivers: either is right.
  ["Bus Driver", "53-3051|53-3052"],
  // An alternate title of engineering and of natural sciences managers in O*NET: either is right.
  ["R&D Manager", "11-9041|11-9121"],
  // A trade's helper says so; the trade alone is the trade (docs/matching.md, helper_unsaid).
  ["Plumber Helper", "47-3015"],
  // Typed with an East Asian input method's full-width letters (U+FF2E…): the same title.
  ["Ｒｅｇｉｓｔｅｒｅｄ　Ｎｕｒｓｅ", "29-1141"],
];

describe("U.S. path: English titles as written in the wild", () => {
  for (const [title, soc] of US_TITLES) {
    test(`"${title}" → ${soc}`, () => {
      const m = us(title)!;
      expect(soc.split("|")).toContain(m.best.code.slice(0, 7));
      expect(m.confidence).toBeGreaterThanOrEqual(s.titleMatcher.threshold("soc"));
    });
  }

  test("a misspelt title still finds its occupation among the first two, at the probability its tie deserves", () => {
    // "Sofware" stands for "software" by spelling alone; filers of software titles split between developers (15-1252)
    // and programmers (15-1251), so neither is sure and either may come first.
    const m = us("Sofware Developer")!;
    expect([m.best, m.alternatives[0]].map((c) => c.code.slice(0, 7))).toContain("15-1252");
    expect(m.confidence).toBeLessThan(0.9);
  });

  test("requisition codes, shifts and remote markers inside a title are ignored", () => {
    for (const title of [
      "Registered Nurse - Night Shift (REQ 4411)",
      "Registered Nurse #20931 (Remote)",
      "REGISTERED NURSE - PRN - WEEKENDS",
    ]) {
      expect(us(title)!.best.code.slice(0, 7)).toBe("29-1141");
    }
  });

  test("leadership forms name the manager occupation of the function", () => {
    expect(us("Head of Marketing")!.best.code.slice(0, 7)).toBe("11-2021");
    expect(us("Director of Human Resources")!.best.code.slice(0, 7)).toBe("11-3121");
    expect(us("VP of Sales")!.best.code.slice(0, 7)).toBe("11-2022");
    expect(us("Chief Financial Officer")!.best.code.slice(0, 2)).toBe("11");
  });

  test("inverted HR-system titles (Noun, Modifier) read in natural order", () => {
    expect(us("Engineer, Mechanical")!.best.code.slice(0, 7)).toBe("17-2141");
    expect(us("Nurse, Registered")!.best.code.slice(0, 7)).toBe("29-1141");
  });

  test("British spellings and terms meet the U.S. ones", () => {
    expect(titleWords("Labourer").words).toEqual(titleWords("Laborer").words);
    expect(titleWords("Paediatric Nurse").words).toEqual(titleWords("Pediatric Nurse").words);
    expect(titleWords("Organiser").words).toEqual(titleWords("Organizer").words);
    expect(us("Construction Labourer")!.best.code.slice(0, 7)).toBe("47-2061");
  });

  test("abbreviations are spelled out: LPN, CNA, QA", () => {
    expect(us("LPN")!.best.code.slice(0, 7)).toBe("29-2061");
    // A German pharmacy technician's abbreviation is a physical therapist assistant's in the U.S.
    expect(us("PTA")!.best.code.slice(0, 7)).toBe("31-2021");
    expect(us("CNA")!.best.code.slice(0, 7)).toBe("31-1131");
    expect(us("QA Analyst")!.best.code.slice(0, 2)).toBe("15");
  });

  test("a non-English title reaches O*NET-SOC through the ESCO–O*NET crosswalk", () => {
    const m = us("Krankenpfleger")!;
    expect(m.best.code.slice(0, 7)).toBe("29-1141");
    expect(m.best.labelLang).toBe("de");
  });

  test("a title O*NET lists under two occupations answers one and offers the other, each with its probability", () => {
    // O*NET 30.0 alternate titles: "Pilot" under 53-2011.00 (Airline Pilots, Copilots, and Flight Engineers) and 53-2012.00 (Commercial Pilots).
    const m = us("Pilot")!;
    const codes = [m.best, ...m.alternatives].map((c) => c.code.slice(0, 7));
    expect(["53-2011", "53-2012"]).toContain(codes[0]);
    expect(codes.slice(0, 2).sort()).toEqual(["53-2011", "53-2012"]);
    expect(m.alternatives[0].confidence).toBeLessThanOrEqual(m.confidence);
  });

  test("levels and grades as employers number them are not words of the title; full stack is one word", () => {
    for (const t of [
      "Software Engineer L4",
      "Software Engineer IC5",
      "Software Engineer 7",
      "GS-12 Software Engineer",
      "Software Engineer II",
    ]) {
      expect(titleWords(t).words).toEqual(titleWords("Software Engineer").words);
    }
    expect(titleWords("Full Stack Engineer").words).toEqual(titleWords("full-stack engineer").words);
    expect(titleWords("Full Stack Engineer").words).not.toEqual(titleWords("Stack Engineer").words);
    // A number that is a word of the occupation stays: 3D, C++.
    expect(titleWords("3D Artist").words).toContain("3d");
  });

  test("a full stack engineer is what O*NET files a full stack title under, not a fuel cell stack engineer", () => {
    // O*NET 30.0 alternate titles: Full Stack Engineer (17-2199.00), Full Stack Software Engineer and Full Stack
    // Developer (15-1252.00), Full Stack Developer and Full Stack Web Developer (15-1254.00); Stack Engineer (17-2141.01).
    // The one filed full stack title in the employer titles' dev split is a programmer's (15-1251), near O*NET's
    // listing in the model's order, and which of the two comes first moves with a retrain: O*NET's is among the
    // first two, and no stack or fuel cell engineer (17-2141.01, 17-2199.03) is.
    const m = us("Full Stack Engineer")!;
    const firstTwo = [m.best, m.alternatives[0]].map((c) => c.code);
    expect(firstTwo.some((code) => ["15-1252", "15-1254", "17-2199"].includes(code.slice(0, 7)))).toBe(true);
    expect(firstTwo).not.toContain("17-2141.01");
    expect(firstTwo).not.toContain("17-2199.03");
    expect(us("Software Engineer L4")!.best.code.slice(0, 7)).toBe("15-1252");
  });

  test("an answer is remembered: the same answer the second time, equal to one computed afresh", () => {
    const first = us("Registered Nurse"),
      again = us("Registered Nurse");
    expect(again).toBe(first);
    expect(s.titleMatcher.matchUncached("Registered Nurse", { target: "soc", country: "US" })).toEqual(first);
    // Another path or country is another answer.
    expect(eu("Registered Nurse", "IE")).not.toBe(first);
  });

  test("nonsense matches nothing; a fragment like many labels is more likely wrong than right", () => {
    expect(us("xyzzy qwrtp")).toBeNull();
    expect(us("!!!")).toBeNull();
    expect(us("ssembl")!.confidence).toBeLessThan(0.5);
  });

  test("pattern: a fragment no label's words resemble is found inside the shortest O*NET title holding it, at most 0.6", () => {
    const m = us("aramedi")!;
    expect({ method: m.method, label: m.best.label }).toEqual({ method: "pattern", label: "Paramedic" });
    expect(m.confidence).toBeLessThanOrEqual(0.6);
  });

  test("words that are also JavaScript object keys do not break the matcher", () => {
    for (const t of ["constructor", "toString", "__proto__", "hasOwnProperty valueOf"])
      expect(() => us(t)).not.toThrow();
  });
});

// [title, country, expected ISCO-08 unit group]
const EU_TITLES: [string, string, string][] = [
  // German: compounds, hyphens, gender forms, (m/w/d), abbreviations
  ["Steuerberater", "DE", "2411"],
  ["Steuerberaterin (m/w/d)", "DE", "2411"],
  ["Verkäuferin", "DE", "5223"],
  ["Verkaeufer/in", "DE", "5223"],
  ["Lkw-Fahrer", "DE", "8332"],
  ["LKW Fahrer", "DE", "8332"],
  ["Softwareentwickler", "DE", "2512"],
  ["Software-Entwicklerin", "DE", "2512"],
  ["Kfz-Mechatroniker", "DE", "7231"],
  // The function named for the person, gender-neutrally (ISCO-08: shop, supply, marketing, chief executive,
  // child care services managers; chefs; personnel clerks).
  ["Filialleitung (m/w/d)", "DE", "1420"],
  ["Lagerleitung (m/w/d)", "DE", "1324"],
  ["Marketingleitung", "DE", "1221"],
  ["Geschäftsführung (m/w/d)", "DE", "1120"],
  ["Kita-Leitung (m/w/d)", "DE", "1341"],
  // Human resources as French and Spanish ads abbreviate it (RH, RRHH).
  ["Assistant RH H/F", "FR", "4416"],
  // French care and school titles as ads abbreviate them (IDE: infirmier diplômé d'État; ATSEM: agent territorial
  // spécialisé des écoles maternelles, a teachers' aide).
  ["IDE de nuit H/F", "FR", "2221"],
  ["ATSEM H/F", "FR", "5312"],
  ["AS de nuit H/F", "FR", "5321"],
  // Care titles as ads abbreviate them in Italy, Spain, Germany and the Netherlands (OSS: operatore
  // socio-sanitario; DUE: diplomado universitario en enfermería; ZFA: Zahnmedizinische Fachangestellte; VIG:
  // verzorgende individuele gezondheidszorg, in home care).
  ["OSS – RSA Milano", "IT", "5321"],
  ["DUE – Urgencias", "ES", "2221"],
  ["ZFA (m/w/d)", "DE", "3251"],
  ["VIG (m/v/x)", "NL", "5322"],
  // Shortened words as boards print them (Add.: addetto; Kier.: kierownik).
  ["Add. vendite", "IT", "5223"],
  ["Kier. robót budowlanych", "PL", "3123"],
  ["Küchenleitung", "AT", "3434"],
  ["Sachbearbeitung Personal", "DE", "4416"],
  ["Krankenpfleger", "AT", "2221"],
  // French: H/F, feminine forms
  ["Comptable H/F", "FR", "2411"],
  ["aide-soignante", "FR", "5321"],
  ["Infirmière", "FR", "2221"],
  ["Vendeuse", "FR", "5223"],
  ["Boulanger / Boulangère", "FR", "7512"],
  // Spanish, Italian: -o/-a and plurals
  ["Enfermera especialista", "ES", "2221"],
  ["Contable", "ES", "2411"],
  ["Camarero/a", "ES", "5131"],
  ["Infermiere", "IT", "2221"],
  ["Cameriera", "IT", "5131"],
  // Dutch and Polish
  ["Verpleegkundige", "NL", "2221"],
  ["Vrachtwagenchauffeur", "NL", "8332"],
  ["Księgowa", "PL", "2411"],
  ["Pielęgniarka", "PL", "2221"],
  // English on an EU path (ESCO's English is British English)
  ["HGV driver", "IE", "8332"],
  ["Accountant", "IE", "2411"],
  // A pharmacy technician is an associate professional in ISCO-08 (3213 "Pharmaceutical technicians and
  // assistants"), not a pharmacist (2262), though ESCO files its occupation under 2262.
  ["Préparateur en pharmacie H/F", "FR", "3213"],
  ["Técnico/a en farmacia", "ES", "3213"],
  ["Technik farmaceutyczny", "PL", "3213"],
  ["Pharmacy Technician", "IE", "3213"],
];

describe("EU path: titles in six EU languages and English", () => {
  for (const [title, country, isco] of EU_TITLES) {
    test(`"${title}" (${country}) → ISCO ${isco}`, () => {
      const m = eu(title, country)!;
      expect(m.best.code).toBe(isco);
    });
  }

  // A near tie the ranker decides, and a retrain can flip (BENCHMARKS: how much a retrain alone moves): the
  // abbreviation must be read (the HR specialists' label covers the whole title), and the HR specialist be the
  // answer or the first alternative at nearly the same probability, never a long way behind.
  test('"Técnico/a de RRHH" (ES): RRHH is recursos humanos; the HR specialist (2423) first or a near second', () => {
    const m = eu("Técnico/a de RRHH", "ES")!;
    const ranked = [m.best, ...m.alternatives];
    const at = ranked.findIndex((c) => c.code === "2423");
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThanOrEqual(1);
    expect(m.best.confidence - ranked[at].confidence).toBeLessThan(0.05);
    expect(ranked[at].label).toContain("RECURSOS HUMANOS");
  });

  // ESCO's ISCOGroups files (docs/matching.md, "Labels"): each title below is a unit group's as the file of its
  // language prints it, and no ESCO or national label's. A group title is no occupation's own name: `Paramedic` meets
  // the Dutch group title `Paramedici` (2240, paramedical practitioners) word for word once stemmed, and stays ESCO's
  // paramedic (3258). German group titles are not read: `Führungskräfte in Restaurants` (1412) is no `Servicekraft`.
  test("ISCO-08 unit group titles label their groups, are no own name, and are not read in German", () => {
    for (const [title, country, isco] of [
      ["Pomocniczy robotnicy polowi", "PL", "9211"],
      ["Ongeschoolde arbeiders in de akkerbouw", "NL", "9211"],
      ["Manovali dell’edilizia", "IT", "9313"],
    ])
      expect(`${title} ${eu(title, country)?.best.code}`).toBe(`${title} ${isco}`);
    expect(eu("Paramedic", "NL")!.best.code).toBe("3258");
    expect(eu("Servicekraft (m/w/d) Restaurant", "DE")!.best.code).not.toBe("1412");
    expect(eu("Führungskräfte in Restaurants", "DE")!.best.labelSource).not.toBe("isco_group");
  });

  // Codes from ISCO-08's structure: software developers 2512, accounting and bookkeeping clerks 4311, nursing
  // professionals 2221, finance managers 1211.
  test("a half-typed or misspelt German compound reads as the parts of the nearest compound labels split", () => {
    for (const [title, isco] of [
      ["Softwareentwick", "2512"],
      ["Softwareentwicker (m/w/d)", "2512"],
      ["Buchhaltungssachbearbeit", "4311"],
    ])
      expect(`${title} ${eu(title, "DE")?.best.code}`).toBe(`${title} ${isco}`);
  });

  // `Buchhaltung` alone and inside `Buchhaltungssachbearbeiter` are the same words, so the clerk's own label is met
  // on every word and the head of accounting's (`Leiter der Buchhaltung`) on fewer.
  test("a department written after the role reads as the compound: Sachbearbeiter Buchhaltung is the clerk", () => {
    expect(eu("Sachbearbeiter (m/w/d) Buchhaltung", "DE")!.best.code).toBe("4311");
    // `Mitarbeiter` says no level: the clerk, or no answer (a 404 with the candidates), never the head of accounting.
    const staff = eu("Mitarbeiter Buchhaltung", "DE")!;
    if (staff.best.confidence >= s.titleMatcher.threshold("isco")) expect(staff.best.code).toBe("4311");
    const financeManagers = [staff.best, ...staff.alternatives].find((c) => c.code === "1211");
    expect(financeManagers?.confidence ?? 0).toBeLessThan(s.titleMatcher.threshold("isco"));
  });

  test("a French word is not read as an English one: Comptable, Chef de projet", () => {
    expect(eu("Comptable", "FR")!.best.code[0]).toBe("2");
    expect(eu("Chef de projet", "FR")!.best.labelLang).toBe("fr");
    expect(us("Comptable")!.best.code.slice(0, 7)).toBe("13-2011");
  });

  test("the matched label is named in its own language and source", () => {
    const m = eu("Steuerberater", "DE")!;
    expect(m.best.labelLang).toBe("de");
    expect(["esco_label", "national_title"]).toContain(m.method);
    expect(m.best.label).toMatch(/Steuerberater/);
  });
});

describe("normalisation", () => {
  test("an abbreviation of one language's ads is spelt out only for a country that speaks it", () => {
    expect(regionalForm("PTA (m/w/d) Apotheke", ["de"])).toBe("pharmazeutisch technische assistentin (m/w/d) Apotheke");
    expect(regionalForm("Operatore OSS turni notturni", ["it"])).toBe(
      "Operatore operatore socio sanitario turni notturni",
    );
    expect(regionalForm("PTA", ["en"])).toBeNull();
    expect(regionalForm("Téc. de mantenimiento", ["es"])).toBe("tecnico. de mantenimiento");
    // Beside its own words the abbreviation is a gloss, not a second copy of them.
    expect(regionalForm("Medizinische Fachangestellte (MFA)", ["de"])).toBe("Medizinische Fachangestellte ()");
    expect(regionalForm("IDE Developer", ["en"])).toBeNull();
    // Ordinary words and names that look like one count only as written.
    expect(regionalForm("Analista Due Diligence", ["es"])).toBeNull();
    expect(regionalForm("DUE – Urgencias", ["es"])).toBe("enfermero – Urgencias");
    expect(regionalForm("Kundenberater – ING Deutschland", ["de"])).toBeNull();
    expect(regionalForm("Kierownik prac budowlanych", ["pl"])).toBeNull();
    const texts = (title: string, langs: Lang[]) => titleVariants(title, undefined, langs).map((v) => v.text);
    expect(texts("ZFA (m/w/d)", ["de"])).toContain("zahnmedizinische fachangestellte");
    expect(texts("ZFA (m/w/d)", ["fr"])).toEqual(["ZFA"]);
  });

  test("a German function noun is tried as the person's: the role's first noun only, and no other language's", () => {
    const texts = (title: string) => titleVariants(title).map((v) => v.text);
    expect(texts("Filialleitung (m/w/d)")).toContain("Filialleiter");
    expect(texts("Leitung Buchhaltung")).toContain("Leiter Buchhaltung");
    expect(texts("Teamassistenz")).toContain("Teamassistent");
    expect(texts("Kaufmännische Sachbearbeitung")).toContain("Kaufmännische Sachbearbeiter");
    expect(texts("Geschäftsführung")).toContain("Geschäftsführer");
    expect(texts("Senior Teamleitung Kundenservice")).toContain("Senior Teamleiter Kundenservice");
    expect(texts("Stellv. Kaufmännische Leitung")).toContain("Stellv. Kaufmännische Leiter");
    // Later nouns are the role's object or department, and stay.
    expect(texts("Assistenz der Geschäftsführung")).toEqual([
      "Assistenz der Geschäftsführung",
      "Assistent der Geschäftsführung",
    ]);
    expect(texts("Mitarbeiter Buchhaltung")).toEqual(["Mitarbeiter Buchhaltung"]);
    expect(texts("Training Coordinator")).toEqual(["Training Coordinator"]);
    // The rewrite ranks just below the title as written.
    const [asWritten, person] = titleVariants("Lagerleitung");
    expect(person.factor).toBeLessThan(asWritten.factor);
  });

  test("gender markers and forms", () => {
    expect(fold(stripMarkers("Lehrer*in (m/w/d)")).trim()).toBe("lehrer");
    expect(fold(stripMarkers("Chargé(e) de clientèle H/F")).replace(/\s+/g, " ").trim()).toBe("charge de clientele");
    expect(slashVariants("Verkäufer/in")).toEqual(["Verkäufer", "Verkäuferin"]);
    expect(slashVariants("Conseiller / Conseillère Incendie")).toEqual(["Conseiller Incendie", "Conseillère Incendie"]);
    expect(slashVariants("UX/UI Designer")).toEqual(["UX/UI Designer"]);
    const cases: [string, string[]][] = [
      // One word after a slash that is another form of the last word before it stands for that word (France's list
      // writes its titles so), where another role after a slash stands alone, even one beginning with its letters.
      ["Cadre de santé infirmier / infirmière", ["Cadre de santé infirmier", "Cadre de santé infirmière"]],
      ["Vétérinaire assistant / assistante", ["Vétérinaire assistant", "Vétérinaire assistante"]],
      ["Vétérinaire praticien / praticienne", ["Vétérinaire praticien", "Vétérinaire praticienne"]],
      ["Photographe industriel / industrielle", ["Photographe industriel", "Photographe industrielle"]],
      ["Responsable administratif / administrative", ["Responsable administratif", "Responsable administrative"]],
      ["Responsable magasin / magasinier", ["Responsable magasin", "magasinier"]],
      ["Chef de rang / Serveur", ["Chef de rang", "Serveur"]],
      ["Fachkraft Lagerlogistik / Lagerist", ["Fachkraft Lagerlogistik", "Lagerist"]],
      // A suffix that stands for the word's own ending replaces it (abogado/a is abogado or abogada, not "abogadoa").
      ["Abogado/a laboralista", ["Abogado laboralista", "Abogada laboralista"]],
      ["Educador/a infantil", ["Educador infantil", "Educadora infantil"]],
      ["Direttore/trice", ["Direttore", "Direttrice"]],
      ["Operatore/rice", ["Operatore", "Operatrice"]],
      ["vendeur/euse", ["vendeur", "vendeuse"]],
      ["Vendeur/se", ["Vendeur", "Vendeuse"]],
      ["Technicien/enne", ["Technicien", "Technicienne"]],
      ["Conseiller/ère", ["Conseiller", "Conseillère"]],
      ["Kierownik/czka zmiany", ["Kierownik zmiany", "Kierowniczka zmiany"]],
      ["Księgowy/a", ["Księgowy", "Księgowa"]],
      ["Recepcjonista/ka", ["Recepcjonista", "Recepcjonistka"]],
      ["Kucharz/rka", ["Kucharz", "Kucharka"]],
      ["Waiter/ess", ["Waiter", "Waitress"]],
    ];
    for (const [title, variants] of cases) expect(slashVariants(title)).toEqual(variants);
    expect(titleWords("Kauffrau/-mann für Büromanagement").words).toEqual(
      titleWords("Kaufmann für Büromanagement").words,
    );
  });

  test("O*NET's bracketed other forms are each a form; qualifiers in brackets are not", () => {
    expect(bracketedForms("TA (Teaching Assistant)")).toEqual(["TA", "Teaching Assistant"]);
    expect(bracketedForms("Licensed Clinical Social Worker (LCSW)")).toEqual([
      "Licensed Clinical Social Worker",
      "LCSW",
    ]);
    expect(bracketedForms("Vet Lab Tech (Veterinary Laboratory Technician)")).toEqual([
      "Vet Lab Tech",
      "Veterinary Laboratory Technician",
    ]);
    expect(bracketedForms("Operational Intelligence Officer (General)")).toEqual([]);
    expect(bracketedForms("Carpenter (Construction)")).toEqual([]);
    expect(bracketedForms("Teaching Assistant")).toEqual([]);
  });

  test("feminine and inflected forms meet the base form (Dutch -ster, -frau/-vrouw, Polish -ka and case endings, German adjectives)", () => {
    for (const [a, b] of [
      ["medewerkster", "medewerker"],
      ["boekbindster", "boekbinder"],
      ["verkoopster", "verkoper"],
      ["Kauffrau", "Kaufmann"],
      ["Pflegefachkräfte", "Pflegefachkraft"], // German -kraft's umlaut plural
      ["Lehrkräfte", "Lehrkraft"],
      ["lekarka", "lekarz"],
      ["kucharka", "kucharz"],
      ["kierowniczka", "kierownik"],
      ["kierownik zakładu szewskiego", "kierownik zakład szewski"],
      ["inżynierowie", "inżynier"],
      ["pracowników", "pracownik"],
      ["technicznej", "techniczny"],
      // German adjectives and participle nouns by case and gender.
      ["Kaufmännischer Sachbearbeiter", "Kaufmännische Sachbearbeiter"],
      ["Wissenschaftlicher Mitarbeiter", "Wissenschaftliche Mitarbeiter"],
      ["Angestellter", "Angestellte"],
      ["Akademischer Mitarbeiter", "Akademische Mitarbeiter"],
    ]) {
      expect(titleWords(a).words).toEqual(titleWords(b).words);
    }
    // -ster after a vowel is no Dutch feminine (webmaster, minister), and English -ow words keep their ending.
    expect(titleWords("webmaster").words).toEqual(["webmaster"]);
    expect(titleWords("minister").words).toEqual(["minister"]);
    // A Fischer is no fish.
    expect(titleWords("Fischer").words).toEqual(["fischer"]);
    expect(titleWords("Hochseefischer").words).toEqual(["hochseefischer"]);
    expect(titleWords("Betonmischer").words).toEqual(["betonmischer"]);
    expect(titleWords("window cleaner").words[0]).toBe("window");
  });

  test("compounds split at a noun, not at a prefix; a trade's workplace meets its worker", () => {
    const known = new Set([
      "med",
      "werker",
      "aus",
      "bildung",
      "pfleg",
      "fachkraft",
      "pluimv",
      "houder",
      "sand",
      "leiter",
    ]);
    // Dutch mede- (co-) and German aus- begin the word; they name nothing it is about.
    expect(splitCompound("medewerker", known)).toEqual(["medewerker"]);
    expect(splitCompound("ausbildung", known)).toEqual(["ausbildung"]);
    expect(splitCompound("pflegefachkraft", known)).toEqual(["pfleg", "fachkraft"]);
    // A particle and a known word is a word of its own, and a compound's first half: Versand (dispatch) + Leiter.
    expect(splitCompound("versandleiter", known)).toEqual(["versand", "leiter"]);
    // Dutch -erij: the poultry farm and the poultry farmer, the bakeries and the baker.
    expect(titleWords("Medewerker pluimveehouderij", known).words).toEqual(
      titleWords("Medewerker pluimveehouder", known).words,
    );
    expect(titleWords("bakkerijen").words).toEqual(titleWords("bakker").words);
  });

  test("a compound reads as its parts written apart: each part is split as it would be alone", () => {
    // German labels hold Buch, Haltung, Sachbearbeiter, Fach and Kraft as words of their own.
    const known = new Set(["buch", "haltung", "buchhaltung", "sachbearbeiter", "pfleg", "fach", "kraft", "fachkraft"]);
    // Before, the modifier stayed whole inside the compound (buchhaltung) and split alone (buch, haltung), so
    // `Sachbearbeiter Buchhaltung` met `Leiter der Buchhaltung` on two words and the clerk's own label on one.
    expect(splitCompound("buchhaltungssachbearbeiter", known)).toEqual(["buch", "haltung", "sachbearbeiter"]);
    expect(titleWords("Sachbearbeiter Buchhaltung", known).words).toEqual(["sachbearbeiter", "buch", "haltung"]);
    expect(splitCompound("pflegefachkraft", known)).toEqual(["pfleg", "fach", "kraft"]);
    expect(titleWords("Fachkraft Pflege", known).words).toEqual(["fach", "kraft", "pfleg"]);
  });

  test("a suffix alternative inside a longer title gives both forms", () => {
    expect(slashVariants("Médico/a de Familia")).toEqual(["Médico de Familia", "Médica de Familia"]);
    expect(slashVariants("Erzieher/in Kita")).toEqual(["Erzieher Kita", "Erzieherin Kita"]);
    // Inside a hyphenated compound: a deputy branch manager, not a branch manager (Austria's national titles).
    expect(slashVariants("Filialleiter/in-Stellvertreter/in")).toEqual([
      "Filialleiter-Stellvertreter",
      "Filialleiter-Stellvertreterin",
      "Filialleiterin-Stellvertreter",
      "Filialleiterin-Stellvertreterin",
    ]);
    expect(slashVariants("Werkmeister/in-Stahlbau")).toEqual(["Werkmeister-Stahlbau", "Werkmeisterin-Stahlbau"]);
    // Two roles of one job joined by a hyphen (a Spanish checkout operator who fills shelves): never "a-Reponedor".
    expect(slashVariants("Cajero/a-Reponedor/a")).toEqual([
      "Cajero-Reponedor",
      "Cajero-Reponedora",
      "Cajera-Reponedor",
      "Cajera-Reponedora",
    ]);
    expect(slashVariants("cajero/a-reponedor/a")).toEqual([
      "cajero-reponedor",
      "cajero-reponedora",
      "cajera-reponedor",
      "cajera-reponedora",
    ]);
    // Typed in lower case, a slash before a hyphenated word is still two alternatives, not a suffix.
    expect(slashVariants("marketing/e-commerce manager")).toEqual(["marketing manager", "e-commerce manager"]);
    expect(slashVariants("sales/in-house counsel")).toEqual(["sales counsel", "in-house counsel"]);
    // Not a word after a slash that begins with a suffix's letters.
    expect(slashVariants("Marketing/E-Commerce Manager")).toEqual(["Marketing Manager", "E-Commerce Manager"]);
    expect(slashVariants("Sales/In-House Counsel")).toEqual(["Sales Counsel", "In-House Counsel"]);
    // Before a comma, and the feminine written first (Italian ads: impiegata/o); each suffixed word takes its form.
    expect(slashVariants("Enfermero/a, UCI")).toEqual(["Enfermero, UCI", "Enfermera, UCI"]);
    expect(slashVariants("Infermiere/a, Reparto di Medicina")).toEqual([
      "Infermiere, Reparto di Medicina",
      "Infermiera, Reparto di Medicina",
    ]);
    expect(slashVariants("Impiegata/o Amministrativa/o Contabile")).toEqual([
      "Impiegata Amministrativa Contabile",
      "Impiegato Amministrativo Contabile",
    ]);
    // Spanish plurals: one plural replaces the other's ending (Spanish ads: "Carretilleros/as" had made "as" a
    // label of its own); a plural's suffix in capitals beside lower case is an abbreviation (AS: aide-soignant),
    // other suffixes in capitals are suffixes still.
    expect(slashVariants("Carretilleros/as")).toEqual(["Carretilleros", "Carretilleras"]);
    expect(slashVariants("Camareros/as de sala")).toEqual(["Camareros de sala", "Camareras de sala"]);
    expect(slashVariants("Dependientes/as")).toEqual(["Dependientes", "Dependientas"]);
    expect(slashVariants("Enfermeras/os para residencia")).toEqual([
      "Enfermeras para residencia",
      "Enfermeros para residencia",
    ]);
    expect(slashVariants("Infirmières/AS de nuit")).toEqual(["Infirmières de nuit", "AS de nuit"]);
    expect(slashVariants("Verkäufer/IN")).toEqual(["Verkäufer", "VerkäuferIN"]);
    // German adjectival nouns: Fachangestellte/r is Fachangestellte or Fachangestellter.
    expect(slashVariants("Medizinische/r Fachangestellte/r")).toEqual([
      "Medizinische Fachangestellte",
      "Medizinische Fachangestellter",
      "Medizinischer Fachangestellte",
      "Medizinischer Fachangestellter",
    ]);
    // A word of one or two letters is an abbreviation, not a word with a suffix.
    expect(slashVariants("I/O Engineer")).toEqual(["I/O Engineer"]);
    expect(slashVariants("AP/AR Clerk")).toEqual(["AP/AR Clerk"]);
  });

  test("slashes: brackets keep theirs, a slash without spaces joins words, one with spaces joins roles", () => {
    // What a bracket holds qualifies the role (qualifications, levels, stacks): no alternative roles inside.
    for (const title of [
      "Accountant (ACCA/ACA)",
      "IT Support Technician (1st/2nd Line)",
      "Développeur Full Stack (React/Node)",
      "Verpleegkundige (mbo/hbo), afdeling Cardiologie",
      "Operator maszyn CNC (tokarka/frezarka)",
    ])
      expect(slashVariants(title)).toEqual([title]);
    // One word after a slash without spaces stands for the word before it.
    expect(slashVariants("Lehrkraft Mathematik/Physik")).toEqual(["Lehrkraft Mathematik", "Lehrkraft Physik"]);
    // An abbreviation before a slash stands alone when it abbreviates the other alternative, and is completed by it
    // when it names a field ("IT / Systems Administrator").
    expect(slashVariants("MFA / Medizinische Fachangestellte")).toEqual(["MFA", "Medizinische Fachangestellte"]);
    expect(slashVariants("RN / Registered Nurse")).toEqual(["RN", "Registered Nurse"]);
    expect(slashVariants("IT / Systems Administrator")).toEqual(["IT Administrator", "Systems Administrator"]);
    expect(slashVariants("BUS / COACH DRIVER")).toEqual(["BUS DRIVER", "COACH DRIVER"]);
    expect(slashVariants("SOFTWARE ENGINEER/DEVELOPER")).toEqual(["SOFTWARE ENGINEER", "SOFTWARE DEVELOPER"]);
    // The word before that slash, wherever it is: "Sales Rep German/Dutch" is either language's.
    expect(slashVariants("Customer Service Agent / Sales Rep German/Dutch")).toEqual([
      "Customer Service Agent",
      "Sales Rep German",
      "Sales Rep Dutch",
    ]);
    // Not an abbreviation, a form of the role's first word, or after a phrase: a role of its own.
    expect(slashVariants("REGISTERED NURSE/RN")).toEqual(["REGISTERED NURSE", "RN"]);
    expect(slashVariants("Operatore socio sanitario/OSS")).toEqual(["Operatore socio sanitario", "OSS"]);
    expect(slashVariants("vigile urbano/vigilessa")).toEqual(["vigile urbano", "vigilessa"]);
    expect(slashVariants("Chef de rang/Serveur")).toEqual(["Chef de rang", "Serveur"]);
    expect(slashVariants("Sprzedawca w sklepie/kasjer")).toEqual(["Sprzedawca w sklepie", "kasjer"]);
    // In capitals, a word of four letters is a word: "LINE COOK/PREP COOK" names two cooks.
    expect(slashVariants("LINE COOK/PREP COOK")).toEqual(["LINE COOK", "PREP COOK"]);
    expect(slashVariants("UX/UI DESIGNER")).toEqual(["UX/UI DESIGNER"]);
    // With spaces, it is a role of its own.
    expect(slashVariants("Operatore Forestale / Boscaiolo")).toEqual(["Operatore Forestale", "Boscaiolo"]);
    // One word before a slash shares what follows the other ("Vendeur / Vendeuse prêt-à-porter").
    expect(slashVariants("Vendeur / Vendeuse prêt-à-porter")).toEqual([
      "Vendeur prêt-à-porter",
      "Vendeuse prêt-à-porter",
    ]);
    expect(slashVariants("Farm/Irrigation Worker")).toEqual(["Farm Worker", "Irrigation Worker"]);
  });

  test("the rewrite of a leader's title (Head of X → X manager) is not made after another language's preposition", () => {
    expect(titleVariants("Head of Finance").map((v) => v.text)).toEqual(["Head of Finance", "Finance manager"]);
    expect(titleVariants("Head of DEI").map((v) => v.text)).toEqual(["Head of DEI", "DEI manager"]);
    expect(titleVariants("Director de Tienda").map((v) => v.text)).toEqual(["Director de Tienda"]);
    expect(titleVariants("Leiter der Buchhaltung").map((v) => v.text)).toEqual(["Leiter der Buchhaltung"]);
    // A decimal comma is no "Role, Specialty" inversion: the role without its pay, and as written (an exact label).
    expect(titleVariants("Produktionshelfer ab 13,50 €").map((v) => v.text)).toEqual([
      "Produktionshelfer",
      "Produktionshelfer ab 13,50 €",
    ]);
  });

  test("what sits in brackets qualifies a title: the title without it is also tried as an exact label; a headline's other segments rank below its role", () => {
    expect(titleVariants("Timmerman (bouw)")).toContainEqual({ text: "Timmerman", factor: 0.98, exactOnly: true });
    expect(titleVariants("Enfermera – Urgencias")).toEqual([
      { text: "Enfermera", factor: 1, exactOnly: false },
      { text: "Urgencias", factor: 0.9, exactOnly: false },
    ]);
    expect(titleVariants("Lkw-Fahrer").map((v) => v.text)).toEqual(["Lkw-Fahrer"]);
    expect(eu("Timmerman (bouw)", "NL")!.best.code).toBe("7115");
  });

  test("a word that heads most labels it is in is the head of a title whose conventional head rarely heads anything", () => {
    const headness = [0.9, 0.0, 0.1];
    expect(likelyHead(3, 2, (i) => headness[i])).toBe(0);
    expect(likelyHead(3, 2, (i) => [0.9, 0.0, 0.6][i])).toBe(2); // the conventional head heads often enough
    expect(likelyHead(3, 2, (i) => [0.25, 0.0, 0.1][i])).toBe(2); // no clearly better head
    expect(likelyHead(3, 2, () => -1)).toBe(2); // unknown words keep the convention
    expect(eu("Verkäufer Lebensmittel", "DE")!.best.code).toBe("5223");
    expect(eu("Monteur Heizung", "DE")!.best.code).toBe("7126");
  });

  test("compounds split into known words, however they are written", () => {
    const known = new Set(s.titleMatcher.lexicon.compoundWords);
    const joined = titleWords("Softwareentwickler", known).words;
    expect(titleWords("Software-Entwickler", known).words).toEqual(joined);
    expect(titleWords("Software Entwickler", known).words).toEqual(joined);
  });

  test("seniority words in each language do not name the occupation", () => {
    for (const [a, b] of [
      ["Senior Accountant", "Accountant"],
      ["Junior Buchhalter", "Buchhalter"],
      ["Comptable confirmé", "Comptable"],
      ["Starszy księgowy", "księgowy"],
      ["Contable senior", "Contable"],
      ["Medior verpleegkundige", "verpleegkundige"],
      ["Impiegato junior", "Impiegato"],
      ["Albañil oficial de primera", "Albañil oficial"],
      ["Oficial 1ª electricista", "Oficial electricista"],
      ["Camarero/a media jornada", "Camarero/a"],
      ["Albañil de primera", "Albañil"],
      ["Soldador de 1ª", "Soldador"],
      ["Auxiliar administrativo de 2ª", "Auxiliar administrativo"],
      ["Oficiala de segunda", "Oficiala"],
    ]) {
      expect(titleWords(a).words).toEqual(titleWords(b).words);
    }
    // Only as a grade or a schedule: early childhood, old age and the media are what a title is about.
    for (const [title, word] of [
      ["Educadora infantil primera infancia", "primera"],
      ["Educadora de primera infancia", "primera"],
      ["Auxiliar de geriatría tercera edad", "tercera"],
      ["Social Media Manager", "media"],
    ])
      expect(titleWords(title).words).toContain(titleWords(word).words[0]);
  });

  test("head nouns: last word in English, German and Dutch; first in Romance languages and Polish", () => {
    const tw = titleWords("Associate Professor of Pediatrics");
    expect(tw.words[tw.headLast]).toBe(titleWords("professor").words[0]);
    const fr = titleWords("ingénieur logiciel");
    expect(fr.words[fr.headFirst]).toBe(titleWords("ingénieur").words[0]);
  });

  test("rewrites: leadership and inverted forms", () => {
    expect(titleVariants("Head of People").map((v) => v.text)).toContain("human resources manager");
    expect(titleVariants("Engineer, Software").map((v) => v.text)).toContain("Software Engineer");
  });
});

describe("confidence and alternatives", () => {
  test("confidence: the score less up to 0.25 as a rival comes within 0.1", () => {
    expect(withConfidence([{ score: 1 }, { score: 0.5 }]).map((c) => c.confidence)).toEqual([1, 0.25]);
    expect(withConfidence([{ score: 1 }, { score: 1 }])[0].confidence).toBe(0.75);
    expect(withConfidence([{ score: 0.9 }, { score: 0.85 }])[0].confidence).toBe(0.775);
  });

  test("alternatives are up to three other codes, each with its title", () => {
    const m = us("Software Engineer")!;
    expect(m.alternatives.length).toBeGreaterThan(0);
    expect(m.alternatives.length).toBeLessThanOrEqual(3);
    const codes = [m.best.code, ...m.alternatives.map((a) => a.code)].map((c) => c.slice(0, 7));
    expect(new Set(codes).size).toBe(codes.length);
    for (const a of m.alternatives) expect(a.codeTitle).toBe(s.occupations.get(a.code)!.title);
  });

  test("codes instead of titles", () => {
    expect(s.titleMatcher.matchCode("15-1252", "soc")!.best.code).toBe("15-1252.00");
    expect(s.titleMatcher.matchCode("29-1141.00", "isco")!.best.code).toBe("2221");
    expect(s.titleMatcher.matchCode("2512", "isco")!.best.code).toBe("2512");
    expect(s.titleMatcher.matchCode("2512", "soc")).toBeNull();
    expect(s.titleMatcher.matchCode("99-9999", "soc")).toBeNull();
  });
});
