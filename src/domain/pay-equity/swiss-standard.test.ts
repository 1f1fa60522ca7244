import { expect, test } from "bun:test";
import { analysePayEquity } from "./analysis.ts";
import { swissStandardInput, type SwissRecord } from "./swiss-standard.ts";
import { expectPublishedResults, logibExampleRecords } from "../../../test/support/logib.ts";

const example = () => logibExampleRecords() as unknown as SwissRecord[];

test("the office's example data sheet gives its published results (to the digits the office prints)", () => {
  expectPublishedResults(analysePayEquity(swissStandardInput(example())));
});

test("statistical populations other than 1 are left out, each with its row and reason", () => {
  const records = example();
  const a = swissStandardInput(records);
  const others = records.flatMap((r, i) => ((r.population ?? 1) !== 1 ? [i + 1] : []));
  expect(a.excluded.map((e) => e.row)).toEqual(others);
  expect(a.excluded[0].reason).toContain("population 2");
});

test("pay standardised to full time: activity rate × weekly hours, or 12 × paid hours ÷ 52 weeks, at the most frequent week", () => {
  const base = {
    age: 40,
    years_of_service: 5,
    training: 3,
    level_of_requirements: 4,
    professional_position: 5,
    weekly_hours: 40,
    basic_wage: 4000,
    monthly_wage_13: 400,
  };
  const records: SwissRecord[] = [
    { ...base, gender: "F", activity_rate: 80 },
    { ...base, gender: "M", paid_hours: 86.5, activity_rate: 0, basic_wage: 2000 },
    { ...base, gender: "M", activity_rate: 100, weekly_hours: 42 },
    { ...base, gender: "M", activity_rate: 100 },
  ];
  const { employees, fullTimeWeek } = swissStandardInput(records);
  expect(fullTimeWeek).toBe(40);
  expect(employees[0].pay).toBeCloseTo(4400 / 0.8, 10);
  expect(employees[1].pay).toBeCloseTo(2400 / ((12 * 86.5) / (52 * 40)), 10);
  expect(employees[2].pay).toBeCloseTo(4400 / (42 / 40), 10);
  // What a standardised month costs a year: the full-time share × 12.
  expect(employees[0].annualCost).toBeCloseTo(0.8 * 12, 12);
});

test("a monthly-paid row without activity rate or paid hours, or without its codes, is named", () => {
  const records = example().slice(0, 60);
  delete records[4].training;
  records[7] = { ...records[7], activity_rate: 0, paid_hours: 0 };
  expect(() => swissStandardInput(records)).toThrow(
    /required of every employee in statistical population 1; give activity_rate/,
  );
});

test("a sheet whose rows are all outside statistical population 1 is refused as analysing no one", () => {
  const records = example()
    .slice(0, 60)
    .map((r) => ({ ...r, population: 2 }));
  expect(() => analysePayEquity(swissStandardInput(records))).toThrow(
    /no employee is analysed \(60 left out: statistical population 2/,
  );
});
