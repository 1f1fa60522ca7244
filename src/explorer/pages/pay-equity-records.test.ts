// A mapped file's rows as the pay-equity endpoint's records: what is sent for each model, and which rows are listed
// instead of being sent.
import { describe, expect, test } from "bun:test";
import type { EmployeeTable } from "./employee-file.ts";
import { toCustomRecords, toSwissRecords } from "./pay-equity-records.ts";

const table = (columns: string[], rows: string[][]): EmployeeTable => ({
  columns,
  rows: rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]]))),
  rowErrors: new Map(),
});

describe("toSwissRecords", () => {
  const columns = [
    "Key",
    "Age",
    "Gender",
    "Service",
    "Training",
    "Level",
    "Position",
    "Rate",
    "Hours paid",
    "Wage",
    "13th",
    "Week",
    "Population",
  ];
  const mapping = {
    id: "Key",
    age: "Age",
    gender: "Gender",
    years_of_service: "Service",
    training: "Training",
    level_of_requirements: "Level",
    professional_position: "Position",
    activity_rate: "Rate",
    paid_hours: "Hours paid",
    basic_wage: "Wage",
    monthly_wage_13: "13th",
    weekly_hours: "Week",
    population: "Population",
  };

  test("numbers as numbers, empty cells left out (an apprentice's codes), the key as given", () => {
    const { records, fileRows, problems } = toSwissRecords(
      table(columns, [
        ["7", "60", "M", "16", "8", "6", "5", "100", "0", "5201", "434", "40", "1"],
        ["195", "18", "M", "2", "8", "", "", "100", "0", "887", "74", "40", "2"],
        ["285", "64", "F", "11", "6", "6", "5", "0", "46.5", "1,631", "137", "40", "1"],
      ]),
      mapping,
    );
    expect(problems).toEqual([]);
    expect(fileRows).toEqual([1, 2, 3]);
    expect(records).toEqual([
      {
        id: "7",
        age: 60,
        gender: "M",
        years_of_service: 16,
        training: 8,
        level_of_requirements: 6,
        professional_position: 5,
        activity_rate: 100,
        paid_hours: 0,
        basic_wage: 5201,
        monthly_wage_13: 434,
        weekly_hours: 40,
        population: 1,
      },
      {
        id: "195",
        age: 18,
        gender: "M",
        years_of_service: 2,
        training: 8,
        activity_rate: 100,
        paid_hours: 0,
        basic_wage: 887,
        monthly_wage_13: 74,
        weekly_hours: 40,
        population: 2,
      },
      {
        id: "285",
        age: 64,
        gender: "F",
        years_of_service: 11,
        training: 6,
        level_of_requirements: 6,
        professional_position: 5,
        activity_rate: 0,
        paid_hours: 46.5,
        basic_wage: 1631,
        monthly_wage_13: 137,
        weekly_hours: 40,
        population: 1,
      },
    ]);
  });

  test("an unreadable gender or number, or a required field left empty, is listed and not sent", () => {
    const { records, problems } = toSwissRecords(
      table(columns, [
        ["1", "60", "X", "16", "8", "6", "5", "100", "0", "5201", "0", "40", "1"],
        ["2", "1.1.1965", "F", "16", "8", "6", "5", "100", "0", "5201", "0", "40", "1"],
        ["3", "45", "F", "16", "8", "6", "5", "100", "0", "", "0", "40", "1"],
      ]),
      mapping,
    );
    expect(records).toEqual([]);
    expect(problems).toEqual([
      { row: 1, message: 'gender "X" is not male or female' },
      { row: 2, message: 'Age (years) "1.1.1965" is not a number' },
      { row: 3, message: "no Basic wage" },
    ]);
  });
});

describe("toCustomRecords", () => {
  const columns = ["ID", "Gender", "Pay", "Period", "Hours", "Grade", "Tenure", "Dept"];
  const mapping = {
    id: "ID",
    gender: "Gender",
    salary: "Pay",
    salary_period: "Period",
    weekly_hours: "Hours",
    category: "Dept",
  };
  const factors = [
    { column: "Grade", name: "grade", kind: "category" as const },
    { column: "Tenure", name: "tenure", kind: "number" as const },
  ];

  test("factors by their names: numbers as numbers, categories as text (grade 1 is a level)", () => {
    const { records, problems } = toCustomRecords(
      table(columns, [
        ["a1", "Frau", "52,000", "annual", "40", "1", "3.5", "Sales"],
        ["a2", "male", "4,800", "Monat", "", "2", "0", "IT"],
      ]),
      mapping,
      factors,
    );
    expect(problems).toEqual([]);
    expect(records).toEqual([
      {
        id: "a1",
        gender: "F",
        salary: 52000,
        salary_period: "annual",
        weekly_hours: 40,
        category: "Sales",
        factors: { grade: "1", tenure: 3.5 },
      },
      {
        id: "a2",
        gender: "M",
        salary: 4800,
        salary_period: "monthly",
        category: "IT",
        factors: { grade: "2", tenure: 0 },
      },
    ]);
  });

  test("a factor left empty or not a number, a period it cannot read: listed, not sent; the records keep their file rows", () => {
    const { records, fileRows, problems } = toCustomRecords(
      table(columns, [
        ["a1", "F", "52,000", "annual", "40", "", "3", "Sales"],
        ["a2", "M", "52,000", "annual", "40", "1", "three", "Sales"],
        ["a3", "M", "900", "weekly", "40", "1", "3", "Sales"],
        ["a4", "M", "52,000", "annual", "40", "1", "3", "Sales"],
      ]),
      mapping,
      factors,
    );
    expect(records.map((r) => r.id)).toEqual(["a4"]);
    expect(fileRows).toEqual([4]);
    expect(problems).toEqual([
      { row: 1, message: "no Grade" },
      { row: 2, message: 'Tenure "three" is not a number' },
      { row: 3, message: 'pay period "weekly" is not annual, monthly or hourly' },
    ]);
  });

  test("no period column and amounts more than 50× apart: nothing may be sent until a period is chosen for the file", () => {
    const file = table(
      ["Gender", "Pay"],
      [
        ["F", "52,000"],
        ["M", "18.50"],
      ],
    );
    expect(toCustomRecords(file, { gender: "Gender", salary: "Pay" }, []).mixedPeriods).toEqual({
      min: 18.5,
      max: 52000,
    });
    const chosen = toCustomRecords(file, { gender: "Gender", salary: "Pay" }, [], "hourly");
    expect(chosen.mixedPeriods).toBeNull();
    expect(chosen.records.map((r) => r.salary_period)).toEqual(["hourly", "hourly"]);
  });
});
