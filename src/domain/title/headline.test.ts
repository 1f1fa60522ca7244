import { describe, expect, test } from "bun:test";
import { notATitle, parseHeadline } from "./headline.ts";

const role = (text: string) => parseHeadline(text).role;
const kinds = (text: string) => parseHeadline(text).parts.map((p) => `${p.kind}:${p.text}`);

describe("the role, out of a headline, in each language", () => {
  test("German: schedule, department, pay and hours come out; gender markers stay for the matcher to strip", () => {
    expect(role("Pflegefachkraft (m/w/d) Intensivstation – Voll- oder Teilzeit")).toBe(
      "Pflegefachkraft (m/w/d) Intensivstation",
    );
    expect(kinds("Pflegefachkraft (m/w/d) Intensivstation – Voll- oder Teilzeit")).toEqual([
      "schedule:Voll- oder Teilzeit",
    ]);
    expect(role("Pflegefachfrau / Pflegefachmann (m/w/d) für unseren ambulanten Pflegedienst")).toBe(
      "Pflegefachfrau / Pflegefachmann (m/w/d)",
    );
    expect(kinds("Filialleiter (m/w/d) – ab 4.800 € brutto")).toEqual(["pay:ab 4.800 € brutto"]);
    // "Up to" in every language, before the figure or its currency.
    expect(kinds("Filialleiter (m/w/d) Lebensmitteleinzelhandel – bis zu 5.200 € brutto")).toEqual([
      "pay:bis zu 5.200 € brutto",
    ]);
    expect(role("Jusqu’à 2 500 € brut – Vendeur")).toBe("Vendeur");
    expect(role("Chauffeur – tot € 3.200 bruto")).toBe("Chauffeur");
    expect(kinds("Chauffeur – tot € 3.200 bruto")).toContain("pay:tot € 3.200");
    expect(kinds("Verkäufer (m/w/d) ab 14,50 €/Std.")).toEqual(["pay:ab 14,50 €/Std."]);
    // A range joined by a word ("bis", "à", "a", "tot", "do", "to", "y", "e", "und", "et", "en"), never figures
    // without a currency (days, levels).
    for (const [headline, role_, pay] of [
      ["Elektriker (m/w/d) 3.000 bis 3.500 € brutto", "Elektriker (m/w/d)", "pay:3.000 bis 3.500 € brutto"],
      ["Camarero/a de 1.200 a 1.400 € netos", "Camarero/a", "pay:de 1.200 a 1.400 € netos"],
      ["Magazijnmedewerker 14 tot 16 euro per uur", "Magazijnmedewerker", "pay:14 tot 16 euro per uur"],
      ["Magazynier od 30 do 35 zł/h", "Magazynier", "pay:od 30 do 35 zł/h"],
      ["Cameriere tra 1.500 e 1.800 € al mese", "Cameriere", "pay:tra 1.500 e 1.800 € al mese"],
      ["Elektriker zwischen 3.000 und 3.500 € brutto", "Elektriker", "pay:zwischen 3.000 und 3.500 € brutto"],
      ["Vendeur entre 1 800 et 2 000 € brut", "Vendeur", "pay:entre 1 800 et 2 000 € brut"],
      ["Chauffeur tussen 2.800 en 3.200 euro bruto", "Chauffeur", "pay:tussen 2.800 en 3.200 euro bruto"],
    ]) {
      expect(role(headline)).toBe(role_);
      expect(kinds(headline)).toEqual([pay]);
    }
    for (const headline of [
      "Camarero/a 2 a 3 años de experiencia",
      "Support Engineer Level 2 to 3",
      "Kelner 4 do 5 dni",
    ])
      expect(kinds(headline).filter((k) => k.startsWith("pay:"))).toEqual([]);
    expect(role("Schichtleiter (m/w/d) Produktion im 3-Schicht-System")).toBe("Schichtleiter (m/w/d) Produktion");
    expect(kinds("Erzieher (m/w/d) Kita – 30 bis 39 Std./Woche")).toEqual(["hours:30 bis 39 Std./Woche"]);
    expect(role("Sachbearbeiter Buchhaltung in Vollzeit – Hamburg-Altona")).toBe("Sachbearbeiter Buchhaltung");
    expect(parseHeadline("Sachbearbeiter Buchhaltung in Vollzeit – Hamburg-Altona").segments).toEqual([
      "Hamburg-Altona",
    ]);
    expect(role("Wir suchen: Elektriker (m/w/d) – Homeoffice möglich")).toBe("Elektriker (m/w/d)");
  });

  test("French: contract, schedule, department and pay", () => {
    expect(role("Infirmier / Infirmière DE pour notre service de réanimation – CDI temps plein")).toBe(
      "Infirmier / Infirmière DE",
    );
    expect(kinds("Infirmier / Infirmière DE pour notre service de réanimation – CDI temps plein")).toEqual([
      "department:pour notre service de réanimation",
      "contract:CDI",
      "schedule:temps plein",
    ]);
    expect(role("Vendeur H/F – Temps partiel")).toBe("Vendeur H/F");
    expect(kinds("Responsable Administratif et Financier H/F – PME industrielle – 55-65 K€")).toContain("pay:55-65 K€");
    expect(role("Développeur Full Stack H/F – Télétravail 3j/sem")).toBe("Développeur Full Stack H/F");
  });

  test("Dutch: hours, pay scale and contract", () => {
    expect(role("Manager HR (32-40 uur)")).toBe("Manager HR");
    expect(kinds("Manager ICT (schaal 13) – gemeente")).toEqual(["pay:schaal 13", "segment:gemeente"]);
    expect(role("Wachtmeester Koninklijke Marechaussee – opleiding, vast contract")).toBe(
      "Wachtmeester Koninklijke Marechaussee",
    );
    expect(role("BEVEILIGERS GEZOCHT – evenementen")).toBe("BEVEILIGERS");
    expect(parseHeadline("Orderpicker – 5-ploegendienst, € 15,20 per uur").segments).toEqual([]);
    expect(kinds("Telefonisch verkoper (outbound) – € 13 p/u + bonus")).toEqual(["pay:€ 13 p/u + bonus"]);
  });

  test("Polish: contract, pay and work mode", () => {
    expect(role("Kierownik Ośrodka Pomocy Społecznej – umowa o pracę")).toBe("Kierownik Ośrodka Pomocy Społecznej");
    expect(kinds("Kierownik Restauracji (K/M) – od 9 000 zł netto na B2B")).toEqual([
      "pay:od 9 000 zł netto",
      "contract:na B2B",
    ]);
    expect(kinds("Marketing Manager – e-commerce, hybrydowo Kraków")).toContain("work_mode:hybrydowo");
    expect(role("Fizjoterapeuta (K/M) – gabinet rehabilitacji, 1/2 etatu")).toBe("Fizjoterapeuta (K/M)");
  });

  test("Spanish: schedule, contract, department and a place segment", () => {
    expect(role("Enfermero/a para nuestra Unidad de Cuidados Intensivos – Contrato indefinido")).toBe("Enfermero/a");
    expect(role("Educador/a infantil – Escuela infantil 0-3 – Jornada completa")).toBe("Educador/a infantil");
    expect(kinds("Jefe/a de producción – Industria cárnica – Turno de mañana")).toContain("schedule:Turno de mañana");
    expect(kinds("Profesor/a de guitarra – Escuela de música – 8 h/semana")).toContain("hours:8 h/semana");
  });

  test("Italian: contract, work mode, pay and a hiring call", () => {
    expect(role("Infermiere/a – RSA, contratto a tempo indeterminato")).toBe("Infermiere/a");
    expect(kinds("Responsabile Marketing (m/f) – smart working 2 giorni a settimana, Milano")).toContain(
      "work_mode:smart working 2 giorni a settimana",
    );
    expect(kinds("HR Manager – Responsabile Risorse Umane, RAL 60-70K")).toContain("pay:RAL 60-70K");
    expect(role("Cercasi muratore – cantiere edile, zona Bergamo, 14 €/h")).toBe("muratore");
    // An internship's kind is its contract, and the role follows it.
    expect(role("Tirocinio extracurriculare – Impiegato/a amministrativo/a – Bologna")).toBe(
      "Impiegato/a amministrativo/a",
    );
    expect(kinds("Stage curriculare – Marketing Assistant")).toEqual(["contract:Stage curriculare"]);
  });

  test("English: pay with its currency first, shifts, contract, work mode and the ad's number", () => {
    expect(kinds("Warehouse Associate - 2nd Shift - $18/hr")).toEqual(["schedule:2nd Shift", "pay:$18/hr"]);
    expect(role("CNA - Nights - Up to $25 per hour + $3,000 Sign-On Bonus")).toBe("CNA");
    expect(kinds("CNA - Nights - Up to $25 per hour + $3,000 Sign-On Bonus")).toContain("pay:Up to $25 per hour");
    expect(kinds("Software Engineer II (Hybrid) $120K-$150K")).toEqual(["pay:$120K-$150K", "work_mode:Hybrid"]);
    expect(role("Software Engineer II (Hybrid) $120K-$150K")).toBe("Software Engineer II");
    expect(kinds("Contract Specialist GS-1102-12")).toEqual(["pay:GS-1102-12"]);
    expect(kinds("Line Cook - Full Time - Req #48213")).toEqual(["schedule:Full Time", "reference:Req #48213"]);
    // Shift lengths of any number of hours: "24-hr" is no HR department.
    expect(kinds("EMT-Basic – 911 Ambulance – 24-hr Shifts")).toContain("schedule:24-hr Shifts");
    expect(kinds("Security Officer – 8 Hour Shifts")).toEqual(["schedule:8 Hour Shifts"]);
    expect(role("Staff Nurse – Cork University Hospital – Permanent, Full Time")).toBe("Staff Nurse");
    expect(kinds("Healthcare Assistant (Relief) - €14.50 per hour")).toEqual([
      "schedule:Relief",
      "pay:€14.50 per hour",
    ]);
    expect(role("Delivery Driver (Temp to Hire) Mon-Fri")).toBe("Delivery Driver");
    expect(role("Locum Tenens Physician - Internal Medicine")).toBe("Physician");
    expect(role("RN - PRN - 3x12s")).toBe("RN");
    expect(parseHeadline("RN - PRN - 3x12s").segments).toEqual([]);
    expect(role("Clerical Officer - Specified Purpose Contract - Maternity Cover")).toBe("Clerical Officer");
    expect(role("Join our team as a Chef")).toBe("Chef");
    expect(role("Chef at our hotel in Galway")).toBe("Chef");
    // A review's cases: a K after an amount is a word's, a bracket keeps its own, a grade range, "Ref. 2291".
    expect(role("€ 3.000 Koch (m/w/d)")).toBe("Koch (m/w/d)");
    expect(role("$85 Kitchen Manager")).toBe("Kitchen Manager");
    expect(role("Lecturer (Fixed Term 12 months)")).toBe("Lecturer");
    expect(role("Research Assistant (Fixed Term, 12 months)")).toBe("Research Assistant");
    expect(role("Software Engineer (W2 only)")).toBe("Software Engineer");
    expect(role("Criminal Investigator GS-1811-07/09")).toBe("Criminal Investigator");
    expect(parseHeadline("Accountant – Ref. 2291").segments).toEqual([]);
    // A country's name is a place, not a segment to match ("Malta" stems to a malt expert's label).
    expect(parseHeadline("Live Casino Game Presenter – Malta").segments).toEqual([]);
    expect(kinds("Live Casino Game Presenter – Malta")).toEqual(["place:Malta"]);
    expect(parseHeadline("Tile Layer – Malta, Immediate Start").segments).toEqual([]);
    // The role as written stays at hand: "Relief" is a schedule word, and "Relief Worker" an occupation.
    expect(parseHeadline("Relief Worker").roleAsWritten).toBe("Relief Worker");
  });

  test("the call to apply, the start, the ad's number and pay per period, in each language", () => {
    expect(role("WAITING STAFF WANTED – Restaurant in St Julian's")).toBe("WAITING STAFF");
    expect(role("Pracownicy produkcji poszukiwani – bez doświadczenia")).toBe("Pracownicy produkcji");
    expect(kinds("Lagerhelfer – 14 €/h, Start ab sofort")).toEqual(["hiring:Start ab sofort", "pay:14 €/h"]);
    expect(kinds("Soldaat (m/v) – Direct aan de slag")).toEqual(["hiring:Direct aan de slag"]);
    expect(kinds("Chauffeur livreur H/F – Début immédiat")).toEqual(["hiring:Début immédiat"]);
    expect(kinds("Soldador/a – Incorporación inmediata")).toEqual(["hiring:Incorporación inmediata"]);
    expect(kinds("Addetti al Picking – Inizio immediato")).toEqual(["hiring:Inizio immediato"]);
    expect(kinds("Softwareentwickler (m/w/d) – Remote möglich")).toEqual(["work_mode:Remote möglich"]);
    expect(kinds("Ingénieur Méthodes – Réf. MET-2025-08")).toEqual(["reference:Réf. MET-2025-08"]);
    expect(kinds("Sviluppatore Java (Rif. DEV-112)")).toEqual(["reference:Rif. DEV-112"]);
    expect(kinds("Executive Assistant – Ref: EA/0425")).toEqual(["reference:Ref: EA/0425"]);
    expect(kinds("Staff Nurse – Job Ref: 24/117")).toEqual(["reference:Job Ref: 24/117"]);
    expect(kinds("Programador Python – 55.000 € brutos/año")).toEqual(["pay:55.000 € brutos/año"]);
    // Nothing of these is left to be matched as a segment.
    for (const title of ["Executive Assistant – Ref: EA/0425", "Programador Python – 45.000 - 55.000 € brutos/año"])
      expect(parseHeadline(title).segments).toEqual([]);
    // What must stay: "Help Wanted" is one call, a Referent is a role, a number after "Vacature" is the ad's, and
    // "an" after gross pay is a word of the text ("an Wochenenden").
    expect(role("HELP WANTED – Cashier")).toBe("Cashier");
    expect(role("Help Wanted: Cashier")).toBe("Cashier");
    expect(role("Referent (m/w/d) Öffentlichkeitsarbeit")).toBe("Referent (m/w/d) Öffentlichkeitsarbeit");
    expect(role("Referente commerciale – Milano")).toBe("Referente commerciale");
    expect(role("Vacature 2024-0877 Monteur")).toBe("Monteur");
    expect(kinds("Servicekraft – 2.800 € brutto an Wochenenden")).toContain("pay:2.800 € brutto");
    expect(role("Poszukiwany/a Księgowy/a")).toBe("Księgowy/a");
  });

  test("an employer announcing whom it hires: the role follows the verb, or is the next segment", () => {
    expect(role("Clinique du Parc recrute : Aide-soignant(e) de nuit")).toBe("Aide-soignant(e)");
    expect(kinds("Clinique du Parc recrute : Aide-soignant(e)")).toEqual(["employer:Clinique du Parc"]);
    expect(role("La Marine nationale recrute – Matelot (H/F)")).toBe("Matelot (H/F)");
    expect(role("Mairie de Pau recrute un agent d'entretien")).toBe("agent d'entretien");
    expect(role("Bäckerei Kurz sucht Verkäufer/in (m/w/d)")).toBe("Verkäufer/in (m/w/d)");
    expect(role("Hotel Adler sucht einen Koch – Vollzeit")).toBe("Koch");
    expect(role("Bakkerij Jansen zoekt een verkoper")).toBe("verkoper");
    expect(role("Ristorante da Mario cerca cameriere")).toBe("cameriere");
    expect(role("Firma budowlana zatrudni murarza")).toBe("murarza");
    // Not an employer: the call alone, a word that only contains a verb, and a verb with nothing after it or below.
    expect(role("Se busca camarero/a")).toBe("camarero/a");
    expect(role("Suchtberater (m/w/d)")).toBe("Suchtberater (m/w/d)");
    expect(role("Sapeurs-pompiers volontaires : le SDIS recrute !")).toBe("Sapeurs-pompiers volontaires : le SDIS !");
  });

  test("a middle dot between letters is French inclusive writing, not a separator", () => {
    expect(role("Directeur·rice d'EHPAD – CDI")).toBe("Directeur·rice d'EHPAD");
    expect(role("Serveur · Temps plein")).toBe("Serveur");
  });

  test("how long, which hours, which days, which season: all taken out, whatever segment they are in", () => {
    const rest = (text: string) => parseHeadline(text).segments;
    expect(kinds("Lagerhelfer (m/w/d) – befristet für 12 Monate")).toEqual([
      "contract:befristet",
      "duration:für 12 Monate",
    ]);
    expect(kinds("Comptable H/F – CDD 18 mois")).toEqual(["contract:CDD", "duration:18 mois"]);
    expect(kinds("Auxiliar de cocina – Contrato de 3 meses")).toEqual(["contract:Contrato de 3 meses"]);
    expect(kinds("Data Engineer – 6-Month Contract")).toEqual(["duration:6-Month Contract"]);
    expect(kinds("Paralegal – 2+ Years Experience")).toEqual(["duration:2+ Years Experience"]);
    expect(kinds("Data Scientist – 3 to 5 years")).toEqual(["duration:3 to 5 years"]);
    expect(kinds("Pharmacist – 1-2 days a week")).toEqual(["hours:1-2 days a week"]);
    // Not a duration: a child's age; inside a role, season and shift words are its own ("Planificador de Turnos").
    for (const title of [
      "Teacher 3-5 year olds",
      "Tutor 10-12 years old",
      "Planificador de Turnos",
      "Responsable de Campaña de Marketing",
      "Temporada Alta Hotel",
      "Seizoenkracht Horeca",
    ])
      expect(role(title)).toBe(title);
    expect(rest("Camarero – Temporada – Ibiza")).toEqual(["Ibiza"]);
    expect(kinds("Kellner (m/w/d) – 20 Wochenstunden")).toEqual(["hours:20 Wochenstunden"]);
    expect(kinds("Addetto pulizie – 3 ore al giorno")).toEqual(["hours:3 ore al giorno"]);
    expect(kinds("Warehouse Operative – 6pm–2am")).toEqual(["hours:6pm–2am"]);
    expect(kinds("Bäckereiverkäufer (m/w/d) – 6:00–13:00")).toEqual(["hours:6:00–13:00"]);
    expect(kinds("Receptionist – 4 Days Office")).toEqual(["hours:4 Days Office"]);
    expect(rest("Schoonmaker – 2 dagen, avonduren")).toEqual([]);
    expect(rest("Cameriere – stagione estiva, Rimini")).toEqual(["Rimini"]);
    expect(rest("Recolector/a – Campaña de la vendimia – La Rioja")).toEqual(["La Rioja"]);
    expect(rest("Operario/a de almacén – Turnos rotativos – Fines de semana")).toEqual([]);
    expect(rest("Pracownik produkcji – 3 zmiany, system 3-zmianowy")).toEqual([]);
    expect(rest("Aide-soignant H/F – Saison d'été – Soirs et week-ends")).toEqual([]);
    expect(rest("Security Analyst – SOC, 24/7 Shifts")).toEqual(["SOC"]);
    expect(kinds("Kaufmann im Einzelhandel (m/w/d) – Start 01.09.")).toEqual(["schedule:Start 01.09."]);
    expect(kinds("Backend Developer – 20 000–26 000 zł netto + VAT (B2B), 80% zdalnie")).toEqual([
      "pay:20 000–26 000 zł netto + VAT",
      "contract:(B2B)",
      "work_mode:80% zdalnie",
    ]);
    // A number that is no duration stays: "4-Sterne", "Level 5".
    expect(rest("Rezeptionist (m/w/d) – 4-Sterne-Hotel")).toEqual(["4-Sterne-Hotel"]);
  });

  test("English and plain titles are their own role", () => {
    for (const t of [
      "Registered Nurse",
      "Driver, Delivery",
      "ANALYST 3, FORECASTING & ANALYSIS",
      "Sr. Software Engineer II",
      "Contract Manager",
      "Stage Manager",
      "B2B Sales Manager",
      "Permanent Makeup Artist",
      "Night Auditor",
      "Evening Supervisor",
      "W2-Professur für Wirtschaftsinformatik",
      "Director at the Arts Council",
      "C# 10 Developer",
      "Permanent-Make-up Artistin",
      "doe-het-zelf adviseur",
      "Locum Consultant",
      "ASST.PROF.(TEMP-OPERATIONSMANAGEMENT/BUSINESSANALYTICS)",
    ]) {
      expect(role(t)).toBe(t);
    }
  });
});

describe("text that is not a title", () => {
  test("markup, addresses and links", () => {
    expect(notATitle("<b>Nurse</b>")).toBe("markup");
    expect(notATitle("Nurse&nbsp;RN")).toBe("markup");
    expect(notATitle("https://example.com/jobs/123")).toBe("markup");
    expect(notATitle("jobs@example.com")).toBe("markup");
  });

  test("a sentence: more than twenty words, or a question", () => {
    expect(
      notATitle(
        "We are a fast growing company looking for motivated people who want to make a difference in the lives of our customers every day",
      ),
    ).toBe("sentence");
    expect(notATitle("Are you ready for your next challenge?")).toBe("sentence");
    // The classifications' longest titles are titles.
    expect(
      notATitle(
        "Grinding, Lapping, Polishing, and Buffing Machine Tool Setters, Operators, and Tenders, Metal and Plastic",
      ),
    ).toBeNull();
  });

  test("a company: a name ending in its legal form", () => {
    for (const t of [
      "Acme Holdings LLC",
      "Cox Honey of Utah LLC",
      "Müller Bau GmbH",
      "Van Dijk B.V.",
      "Kowalski sp. z o.o.",
      "Pacific Controls, Inc",
    ])
      expect(notATitle(t)).toBe("company");
    for (const t of ["Kosmetikerin Day Spa", "Programmer Analyst - SAS", "Farmworkers, Farm, Ranch & Ag.", "Nurse"])
      expect(notATitle(t)).toBeNull();
  });

  test("no word of two letters: nothing is named", () => {
    for (const t of ["N/A", "x", "-", "1234", "a b c", "#"]) expect(notATitle(t)).toBe("no word");
    for (const t of ["RN", "PA-C", "Koch", "IT"]) expect(notATitle(t)).toBeNull();
  });
});
