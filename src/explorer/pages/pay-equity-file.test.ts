// The equal-pay page's column mapping: the Swiss office's data sheet recognised by the first line of its headings,
// the custom model's first guesses, and column names turned into factor names the endpoint accepts.
import { describe, expect, test } from "bun:test";
import type { EmployeeTable } from "./employee-file.ts";
import {
  defaultFactors,
  factorNames,
  guessCustomMapping,
  isSwissSheet,
  numericColumn,
  swissMapping,
} from "./pay-equity-file.ts";

// The headings of the office's data sheet (Logib module 1, English edition) as its workbook spells them, line breaks,
// a trailing space and colons included.
const OFFICE_HEADINGS = [
  "Key\n(personnel number, ID, etc.)",
  "Age\n(date of birth, year of birth, age)",
  "Gender",
  "Years of service\n(date of entry, year of entry, number of years of service)",
  "Education and training",
  "Function\n(job carried out)",
  "Level of requirements\n(relevant for module 1)",
  "Professional position \n(relevant for module 1)",
  "Employees paid monthly:\nActivity rate in %:",
  "Employees paid hourly:\nnumber of paid hours during the reference month",
  "Basic wage\n(according to activity rate)",
  "Allowances\n(Shift, Sunday and night work plus other extra pay for difficult working conditions)",
  "13th monthly wage\n(generally 1/12 of basic wage)",
  "Special payments\n(1/12 of annual total)",
  "Usual weekly working hours in company\n(for full-time employees, i.e. activity rate = 100%)",
  "Usual annual working hours in the reference year\n(for full-time employees, i.e. activity rate = 100%)",
  "Statistical population",
  "Remarks",
];

const table = (columns: string[], rows: string[][]): EmployeeTable => ({
  columns,
  rows: rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]]))),
  rowErrors: new Map(),
});

describe("the office's data sheet", () => {
  test("every field is found by its heading's first line; Function and the annual hours are not fields", () => {
    const h = (start: string) => OFFICE_HEADINGS.find((c) => c.startsWith(start))!;
    expect(swissMapping(OFFICE_HEADINGS)).toEqual({
      id: h("Key"),
      age: h("Age"),
      gender: "Gender",
      years_of_service: h("Years of service"),
      training: "Education and training",
      level_of_requirements: h("Level of requirements"),
      professional_position: h("Professional position"),
      activity_rate: h("Employees paid monthly"),
      paid_hours: h("Employees paid hourly"),
      basic_wage: h("Basic wage"),
      allowances: h("Allowances"),
      monthly_wage_13: h("13th monthly wage"),
      special_payments: h("Special payments"),
      weekly_hours: h("Usual weekly working hours"),
      population: "Statistical population",
    });
    expect(isSwissSheet(OFFICE_HEADINGS)).toBe(true);
  });

  test("headings in the endpoint's field names are the same sheet", () => {
    expect(
      isSwissSheet([
        "gender",
        "age",
        "years_of_service",
        "training",
        "level_of_requirements",
        "professional_position",
        "activity_rate",
        "basic_wage",
        "weekly_hours",
      ]),
    ).toBe(true);
  });

  test("without a field that identifies the sheet (the basic wage), or as another firm's file, it is not the office's", () => {
    expect(isSwissSheet(OFFICE_HEADINGS.filter((c) => !c.startsWith("Basic wage")))).toBe(false);
    expect(isSwissSheet(["Employee ID", "Gender", "Annual Salary", "Age"])).toBe(false);
    expect(swissMapping(["Employee ID", "Gender", "Annual Salary", "Age"])).toEqual({ gender: "Gender", age: "Age" });
  });
});

describe("guessCustomMapping", () => {
  test("an English file: the pay-gap page's guesses, and the key column by its name", () => {
    expect(
      guessCustomMapping([
        "Employee ID",
        "Name",
        "Gender",
        "Annual Salary",
        "Pay Frequency",
        "Weekly Hours",
        "Department",
        "Tenure",
      ]),
    ).toEqual({
      id: "Employee ID",
      gender: "Gender",
      salary: "Annual Salary",
      salary_period: "Pay Frequency",
      weekly_hours: "Weekly Hours",
    });
  });
  test("a German one", () => {
    expect(guessCustomMapping(["Personalnummer", "Geschlecht", "Gehalt", "Zeitraum"])).toEqual({
      id: "Personalnummer",
      gender: "Geschlecht",
      salary: "Gehalt",
      salary_period: "Zeitraum",
    });
  });
});

describe("factorNames", () => {
  test("letters, digits and _ only, starting with a letter, unique, at most 40 characters", () => {
    const long = "Years of relevant professional experience before joining the company";
    const names = factorNames(["Tenure (years)", "Ancienneté", "2nd language", "Grade", "grade", long]);
    expect(names).toEqual({
      "Tenure (years)": "tenure_years",
      Ancienneté: "anciennete",
      "2nd language": "f_2nd_language",
      Grade: "grade",
      grade: "grade_2",
      [long]: "years_of_relevant_professional_exper",
    });
    for (const n of Object.values(names)) expect(n).toMatch(/^[A-Za-z][A-Za-z0-9_]{0,39}$/);
  });
});

describe("defaultFactors", () => {
  const file = table(
    ["ID", "Name", "Gender", "Salary", "Department", "Tenure", "Remarks"],
    [
      ["1", "Ann", "F", "50,000", "Sales", "3", ""],
      ["2", "Bob", "M", "52,000", "Sales", "4.5", "x"],
      ["3", "Cem", "M", "51,000", "IT", "1", ""],
    ],
  );
  test("unmapped columns with a value in every row: numbers, and text whose values repeat (not one name per person)", () => {
    expect(defaultFactors(file, { id: "ID", gender: "Gender", salary: "Salary" })).toEqual(["Department", "Tenure"]);
  });
  test("numericColumn: every cell reads as a number", () => {
    expect(["ID", "Salary", "Tenure", "Department", "Remarks"].map((c) => numericColumn(file, c))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
