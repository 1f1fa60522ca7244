// The pay-gap page's readers of an employee file's header and cells: pay-period columns and values in the seven
// languages, and the rule that stops a file whose amounts cannot all be of one period.
import { describe, expect, test } from "bun:test";
import {
  guessMapping,
  mixedPeriodSpread,
  readGender,
  readPeriod,
  toRecords,
  type EmployeeTable,
} from "./employee-file.ts";

describe("readPeriod", () => {
  test.each([
    ["Annual", "annual"],
    ["YEARLY", "annual"],
    ["per annum", "annual"],
    ["p.a.", "annual"],
    ["Jahr", "annual"],
    ["jährlich", "annual"],
    ["JAHRLICH", "annual"],
    ["an", "annual"],
    ["Annuel", "annual"],
    ["jaarlijks", "annual"],
    ["rocznie", "annual"],
    ["Año", "annual"],
    ["ano", "annual"],
    ["anual", "annual"],
    ["annuale", "annual"],
    ["Monthly", "monthly"],
    ["mo", "monthly"],
    ["Monat", "monthly"],
    ["monatlich", "monthly"],
    ["mois", "monthly"],
    ["mensuel", "monthly"],
    ["maandelijks", "monthly"],
    ["miesiąc", "monthly"],
    ["Miesiecznie", "monthly"],
    ["mes", "monthly"],
    ["mensual", "monthly"],
    ["mensile", "monthly"],
    ["Hourly", "hourly"],
    ["hr", "hourly"],
    ["Stunde", "hourly"],
    ["stündlich", "hourly"],
    ["heure", "hourly"],
    ["Horaire", "hourly"],
    ["à l'heure", "hourly"],
    ["uur", "hourly"],
    ["godzina", "hourly"],
    ["godzinowo", "hourly"],
    ["na godzinę", "hourly"],
    ["hora", "hourly"],
    ["ora", "hourly"],
    ["orario", "hourly"],
  ])("%p is %p", (text, period) => {
    expect(readPeriod(text)).toBe(period as "annual" | "monthly" | "hourly");
  });

  test.each(["weekly", "fortnightly", "Gehalt", "", "12"])("%p is no period E7 knows", (text) => {
    expect(readPeriod(text)).toBeNull();
  });
});

test("readGender reads spellings with or without their accents", () => {
  expect(["Mężczyzna", "mezczyzna", "MÄNNLICH", "mannlich"].map(readGender)).toEqual(["M", "M", "M", "M"]);
  expect(["Kobieta", "weiblich", "Frau"].map(readGender)).toEqual(["F", "F", "F"]);
});

describe("guessMapping", () => {
  test("an English file: 'Pay Frequency' is the period, and 'pay' inside it does not make it the amount", () => {
    expect(guessMapping(["Employee", "Job Title", "Gender", "Base Salary", "Pay Frequency"])).toEqual({
      job_title: "Job Title",
      gender: "Gender",
      salary: "Base Salary",
      salary_period: "Pay Frequency",
    });
    expect(guessMapping(["Role", "Sex", "Amount", "Pay Frequency"])).toEqual({
      job_title: "Role",
      gender: "Sex",
      salary_period: "Pay Frequency",
    });
  });

  test.each([
    [["Stelle", "Geschlecht", "Gehalt", "Zeitraum"], "Zeitraum"],
    [["Stelle", "Geschlecht", "Gehalt", "Abrechnungszeitraum"], "Abrechnungszeitraum"],
    [["Poste", "Sexe", "Salaire", "Périodicité"], "Périodicité"],
    [["Poste", "Sexe", "Salaire", "Periodicite du salaire"], "Periodicite du salaire"],
    [["Functie", "Geslacht", "Salaris", "Periode"], "Periode"],
    [["Functie", "Geslacht", "Salaris", "Salarisperiode"], "Salarisperiode"],
    [["Stanowisko", "Płeć", "Wynagrodzenie", "Okres rozliczeniowy"], "Okres rozliczeniowy"],
    [["Puesto", "Sexo", "Salario", "Período de pago"], "Período de pago"],
    [["Puesto", "Sexo", "Salario", "Unidad"], "Unidad"],
    [["Job", "Genere", "Stipendio", "Periodicità"], "Periodicità"],
  ])("%p: the period column is %p", (columns, period) => {
    const mapping = guessMapping(columns);
    expect(mapping.salary_period).toBe(period);
    expect(mapping.salary).toBe(columns[2]);
  });

  test("'Unit' alone is the period's unit; a 'Business Unit' is not", () => {
    expect(guessMapping(["Title", "Gender", "Salary", "Business Unit"]).salary_period).toBeUndefined();
    expect(guessMapping(["Title", "Gender", "Salary", "Unit"]).salary_period).toBe("Unit");
  });
});

describe("mixedPeriodSpread", () => {
  test("52,000 a year, 4,800 a month and 18.50 an hour are about 2,811× apart (52,000 ÷ 18.50): stop", () => {
    expect(mixedPeriodSpread([52000, 4800, 18.5])).toEqual({ min: 18.5, max: 52000 });
  });
  test("exactly 50× (52,000 and 1,040) is one period's range; just over (1,039) is not", () => {
    expect(mixedPeriodSpread([52000, 1040, 30000])).toBeNull();
    expect(mixedPeriodSpread([52000, 1039])).toEqual({ min: 1039, max: 52000 });
  });
  test("unreadable and non-positive amounts do not count", () => {
    expect(mixedPeriodSpread([NaN, 0, 52000, 48000])).toBeNull();
    expect(mixedPeriodSpread([])).toBeNull();
  });
});

describe("toRecords and the pay period", () => {
  const table = (columns: string[], rows: string[][]): EmployeeTable => ({
    columns,
    rows: rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]]))),
    rowErrors: new Map(),
  });

  test("a mapped period column sets each record's period; a period it cannot read, or none, is listed and not sent", () => {
    const file = table(
      ["Title", "Gender", "Pay", "Frequency"],
      [
        ["Nurse", "F", "52,000", "Annual"],
        ["Nurse", "M", "4,800", "monatlich"],
        ["Nurse", "F", "18.50", "Heure"],
        ["Nurse", "M", "900", "weekly"],
        ["Nurse", "M", "4,800", ""],
      ],
    );
    const { records, problems, mixedPeriods } = toRecords(
      file,
      { job_title: "Title", gender: "Gender", salary: "Pay", salary_period: "Frequency" },
      {},
    );
    expect(records.map((r) => [r.salary, r.salary_period])).toEqual([
      [52000, "annual"],
      [4800, "monthly"],
      [18.5, "hourly"],
    ]);
    expect(problems).toEqual([
      { row: 4, message: 'pay period "weekly" is not annual, monthly or hourly' },
      { row: 5, message: "no pay period" },
    ]);
    expect(mixedPeriods).toBeNull();
  });

  test("no period column and amounts 52,000, 4,800 and 18.50: the spread is reported until a period is chosen for the file", () => {
    const file = table(
      ["Title", "Gender", "Pay"],
      [
        ["Nurse", "F", "52,000"],
        ["Nurse", "M", "4,800"],
        ["Nurse", "F", "18.50"],
      ],
    );
    const mapping = { job_title: "Title", gender: "Gender", salary: "Pay" };
    expect(toRecords(file, mapping, {}).mixedPeriods).toEqual({ min: 18.5, max: 52000 });
    const chosen = toRecords(file, mapping, {}, "monthly");
    expect(chosen.mixedPeriods).toBeNull();
    expect(chosen.records.map((r) => r.salary_period)).toEqual(["monthly", "monthly", "monthly"]);
  });

  test("no period column and amounts within 50× of each other: read as annual, as E7's default", () => {
    const file = table(
      ["Title", "Gender", "Pay"],
      [
        ["Nurse", "F", "49,000"],
        ["Nurse", "M", "52,000"],
      ],
    );
    const { records, mixedPeriods } = toRecords(file, { job_title: "Title", gender: "Gender", salary: "Pay" }, {});
    expect(mixedPeriods).toBeNull();
    expect(records.map((r) => r.salary_period)).toEqual(["annual", "annual"]);
  });
});
