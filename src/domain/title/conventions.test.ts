import { describe, expect, test } from "bun:test";
import { codingConvention } from "./conventions.ts";
import { parseHeadline } from "./headline.ts";

const rule = (title: string) => codingConvention(title, parseHeadline(title));

describe("armed forces: ISCO major group 0 whatever the task, by rank (ISCO-08 0110 officers, 0210 NCOs, 0310 other ranks)", () => {
  test.each([
    ["Offizier (m/w/d) im Truppendienst – Bundeswehr", "0110"],
    ["Feldwebel (m/w/d) im Sanitätsdienst", "0210"],
    ["Koch (m/w/d) – Bundeswehr", "0310"],
    ["Sous-officier de l'Armée de l'Air H/F – mécanicien avion", "0210"],
    ["Cuisinier de la Marine nationale H/F", "0310"],
    ["Officier Koninklijke Landmacht", "0110"],
    ["Soldaat Infanterie – Defensie", "0310"],
    ["Żołnierz zawodowy – Wojsko Polskie", "0310"],
    ["Chorąży – Wojska Obrony Cyberprzestrzeni", "0210"],
    ["Cocinero/a militar – Ejército de Tierra", "0310"],
    ["Soldado/a profesional", "0310"],
    ["Sargento – Infantería de Marina (Armada)", "0210"],
    ["Ufficiale medico – Esercito Italiano", "0110"],
    ["Allievi Ufficiali in servizio permanente – Accademia Navale di Livorno", "0110"],
    ["Infermiere militare – ruolo Marescialli, Esercito Italiano", "0210"],
    ["Army Infantry Soldier", "0310"],
    ["Navy Officer", "0110"],
    // Ireland's and Britain's forces by their own names.
    ["Cook – Defence Forces, Cathal Brugha Barracks", "0310"],
    ["Aircraft Technician Apprentice – Air Corps, Baldonnel", "0310"],
    ["NCO Physical Training Instructor – Naval Service", "0210"],
    ["Royal Marines Commando", "0310"],
  ])("%s → %s", (title, isco) => {
    expect(rule(title)).toEqual({ rule: "armed_forces", isco, soc: null });
  });

  test("police, civilians and namesakes are not armed forces", () => {
    for (const t of [
      "Polizeimeister (m/w/d)",
      "IT-Administrator (m/w/d) bei der Bundeswehr – zivil",
      "Salvation Army Caseworker",
      "Old Navy Sales Associate",
      "Marine Biologist",
      "Military Liaison Officer – An Garda Síochána",
      "Civilian Storekeeper – Defence Forces",
      "Soldador/a TIG-MIG – Calderería", // a welder, not a soldado
      "Oficial de soldadura",
    ]) {
      expect(rule(t)?.rule).not.toBe("armed_forces");
    }
  });
});

describe("nursing: a nurse title in every language is a nursing professional (ISCO 2221, SOC 29-1141)", () => {
  test.each([
    "Registered Nurse",
    "Krankenpfleger",
    "Pflegefachkraft (m/w/d) Intensivstation – Voll- oder Teilzeit",
    "Infirmière DE – CDI",
    "Wijkverpleegkundige niveau 5",
    "Pielęgniarka – oddział chirurgii",
    "Enfermero/a – Urgencias",
    "Infermiere/a – RSA",
    "Pflegefachkräfte (m/w/d) gesucht", // the plural
    "Registered Nurse – Assisted Living Facility", // an assistant beside the role is not the role's
  ])("%s", (title) => {
    expect(rule(title)).toEqual({ rule: "nursing", isco: "2221", soc: "29-1141.00" });
  });

  test("unless the title names an assistant, an aide, a manager, a teacher or another nursing role", () => {
    for (const t of [
      "Certified Nursing Assistant",
      "Nurse Aide",
      "Pflegehelfer (m/w/d)",
      "Auxiliar de enfermería",
      "Nurse Manager",
      "Nurse Practitioner",
      "Licensed Practical Nurse",
      "Nurse Educator",
      "Asystentka pielęgniarki",
      "Dental Nurse – Busy Practice – Swords",
      "Nursery Nurse (Level 3)",
      "Registered Veterinary Nurse",
      "Infirmier animalier H/F",
    ]) {
      expect(rule(t)).toBeNull();
    }
  });

  test("nor one still training to be a nurse, even where the headline takes the training out of the role", () => {
    for (const t of [
      "Student Nurse",
      "Élève infirmier",
      "Étudiant en soins infirmiers – stage",
      "Ausbildung zum Pflegefachmann (m/w/d) 2026",
      "Auszubildende Pflegefachfrau",
      "Leerling verpleegkundige (BBL)",
      "Studentka pielęgniarstwa – praktyki",
      "Estudiante de enfermería – prácticas",
      "Infermiere tirocinante",
      "Apprenti infirmier – alternance",
    ]) {
      expect([t, rule(t)]).toEqual([t, null]);
    }
  });
});

describe("driving licence: a driver naming a heavy goods licence is ISCO 8332 / SOC 53-3032, a bus licence 8331 (EU path)", () => {
  const heavy = { rule: "driving_licence", isco: "8332", soc: "53-3032.00" } as const;
  const bus = { rule: "driving_licence", isco: "8331", soc: null } as const;
  // EU driving licence categories (Directive 2006/126/EC): C1, C, C1E, CE goods vehicles over 3.5 t; D1, D, D1E, DE buses.
  test.each([
    ["Kraftfahrer (m/w/d) Klasse CE", heavy],
    ["Kraftfahrer mit Fahrerlaubnis Klasse CE", heavy],
    ["LKW-Fahrer C/CE (m/w/d) Nahverkehr", heavy],
    ["Fahrer (m/w/d) Führerscheinklasse C1", heavy],
    ["Chauffeur SPL H/F – CDI", heavy],
    ["Conducteur routier permis C", heavy],
    ["Chauffeur C+E – internationaal", heavy],
    ["Kierowca kat. C+E – transport międzynarodowy", heavy],
    ["Chófer carnet C – reparto regional", heavy],
    ["Autista patente CE", heavy],
    ["CDL Truck Driver – Regional", heavy],
    ["HGV Driver – nights", heavy],
    ["Busfahrer (m/w/d) Klasse D", bus],
    ["Kierowca autobusu kat. D", bus],
    ["Conductor de autobús – carnet D", bus],
    ["Autista di autobus – patente D + CQC", bus],
    ["Linienbusfahrer (m/w/d) Klasse D", bus],
    ["CDL Bus Driver", bus],
  ])("%s", (title, expected) => {
    expect(rule(title)).toEqual(expected);
  });

  test("no licence, an ordinary one, a word that only looks like one, or another role beside drivers is no convention", () => {
    for (const t of [
      "Taxi driver",
      "Conductor de reparto – carnet B",
      "Chauffeur livreur – permis de conduire B",
      "Chauffeur licence d'exploitation",
      "Conductor categoría de oficial",
      "Staplerfahrer (m/w/d)",
      "Lagerist mit Fahrerlaubnis Klasse C",
      "Baggerfahrer – Führerschein Klasse CE",
      "Conducteur d'engins TP – permis C",
      "Pile Driver Operator – CDL",
      "Windows CE Driver Developer",
      "Disponent (m/w/d) für Fahrer der Klasse CE",
      "Tourenplaner für LKW-Fahrer C/CE",
      "Fuhrparkleiter – Fahrer Klasse CE",
      "Fahrlehrer für LKW-Fahrer Klasse CE",
      "HGV driver instructor",
      "Instruktor kierowców kat. C+E",
      "Responsable chauffeurs SPL",
      "Conducteur de travaux",
      "Chauffeur de direction – Paris",
    ]) {
      expect(rule(t)).toBeNull();
    }
  });
});
