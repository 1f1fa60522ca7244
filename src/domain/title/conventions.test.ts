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
    ["Sargento – Infantería de Marina (Armada)", "0210"],
    ["Ufficiale medico – Esercito Italiano", "0110"],
    ["Infermiere militare – ruolo Marescialli, Esercito Italiano", "0210"],
    ["Army Infantry Soldier", "0310"],
    ["Navy Officer", "0110"],
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
    ]) {
      expect(rule(t)).toBeNull();
    }
  });
});
