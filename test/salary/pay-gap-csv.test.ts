// E7 with a CSV body (Content-Type: text/csv, ?country=): the same report as the JSON body of the same records,
// and errors that name the row and column, the header, or the line.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());

const PATH = "/api/v1/compliance/pay-gap-report";
const csv = (text: string, query = "?country=DE", type = "text/csv", key?: string | null) =>
  s.call("salary", PATH + query, {
    method: "POST",
    body: text,
    headers: { "content-type": type },
    ...(key !== undefined ? { key } : {}),
  });
const json = (body: unknown) =>
  s.call("salary", PATH, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
const errorOf = async (res: Response) => ((await res.json()) as any).error;

const RECORDS = [
  { job_title: "Registered Nurse", gender: "M", salary: 52000, weekly_hours: 40 },
  { job_title: "Registered Nurse", gender: "F", salary: 49000, weekly_hours: 38.5 },
  { job_title: "Accountant", gender: "M", salary: 4300, salary_period: "monthly", variable_pay: 2000 },
  { job_title: "Accountant", gender: "F", salary: 4100, salary_period: "monthly", variable_pay: 0 },
  { job_title: "Dock Hand", gender: "F", salary: 30000, category: "Logistics" },
  { job_title: "Dock Hand", gender: "M", salary: 31000, category: "Logistics", employment_type: "part_time" },
];
const COLUMNS = [
  "job_title",
  "gender",
  "salary",
  "salary_period",
  "weekly_hours",
  "variable_pay",
  "employment_type",
  "category",
] as const;
const asCsv = (sep = ",", eol = "\n") =>
  [
    COLUMNS.join(sep),
    ...RECORDS.map((r) => COLUMNS.map((c) => (r as Record<string, unknown>)[c] ?? "").join(sep)),
  ].join(eol) + eol;

test("a CSV body answers exactly the JSON body's report for the same records", async () => {
  const fromJson = await json({ country: "DE", employees: RECORDS });
  const fromCsv = await csv(asCsv());
  expect(fromCsv.status).toBe(200);
  expect(await fromCsv.json()).toEqual(await fromJson.json());
});

test("semicolon- and tab-separated exports, a byte-order mark and CRLF line ends read the same", async () => {
  const expected = await (await json({ country: "DE", employees: RECORDS })).json();
  for (const text of [asCsv(";", "\r\n"), asCsv("\t"), `\uFEFF${asCsv()}`]) {
    const res = await csv(text);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expected);
  }
});

test("a bad cell is named by row (1 = first record) and column", async () => {
  const res = await csv('job_title,gender,salary\nNurse,M,52000\nNurse,X,49000\nClerk,F,"49.000,50"\n');
  expect(res.status).toBe(422);
  const error = await errorOf(res);
  expect(error.code).toBe("VALIDATION_ERROR");
  expect(error.errors).toEqual([
    expect.objectContaining({
      field: "employees[1].gender",
      row: 2,
      line: 3,
      column: "gender",
      message: expect.stringMatching(/^row 2 \(line 3\), column gender: /),
    }),
    expect.objectContaining({
      field: "employees[2].salary",
      row: 3,
      line: 4,
      column: "salary",
      message: expect.stringMatching(/^row 3 \(line 4\), column salary: /),
    }),
  ]);
  // Blank lines and lines of separators only (a spreadsheet's empty rows) are skipped; `line` still points into the file.
  const gappy = await errorOf(await csv("job_title,gender,salary\n,,\nNurse,M,52000\n\nNurse,X,49000\n"));
  expect(gappy.errors).toEqual([expect.objectContaining({ row: 2, line: 5, column: "gender" })]);
  // A missing required cell is a missing field of that row.
  const empty = await errorOf(await csv("job_title,gender,salary\nNurse,M,52000\n,F,49000\n"));
  expect(empty.errors[0]).toMatchObject({ row: 2, column: "job_title" });
});

test("the header is checked: unknown, repeated and missing columns are named", async () => {
  const unknown = await errorOf(await csv("job_title,gender,salary,bonus\nNurse,M,1,2\nNurse,F,1,2\n"));
  expect(unknown.errors).toEqual([expect.objectContaining({ column: "bonus", code: "unrecognized_column" })]);
  expect(unknown.errors[0].message).toContain("variable_pay");
  for (const inherited of ["toString", "constructor", "__proto__"]) {
    // names every object has are not columns
    const res = await errorOf(await csv(`job_title,gender,salary,${inherited}\nNurse,M,1,2\nNurse,F,1,2\n`));
    expect(res.errors).toEqual([expect.objectContaining({ column: inherited, code: "unrecognized_column" })]);
  }
  const repeated = await errorOf(await csv("job_title,gender,salary,salary\nNurse,M,1,2\nNurse,F,1,2\n"));
  expect(repeated.errors).toEqual([expect.objectContaining({ column: "salary", code: "repeated_column" })]);
  const missing = await errorOf(await csv("job_title,salary\nNurse,1\nNurse,2\n"));
  expect(missing.errors).toEqual([expect.objectContaining({ column: "gender", code: "missing_column" })]);
  const none = await errorOf(await csv(""));
  expect(none.errors[0].code).toBe("empty_csv");
});

test("malformed CSV names its line; a row with more cells than the header is refused", async () => {
  const quote = await errorOf(await csv('job_title,gender,salary\nNurse,M,"52000\nNurse,F,49000\n'));
  const quoteMessage: string = quote.errors[0].message;
  expect(quoteMessage.match(/line \d+/g)).toHaveLength(1); // the line named once
  const short = await errorOf(await csv("job_title;gender;salary\nNurse;M\nNurse;F;49000\n"));
  expect(short.errors[0].message).toBe(
    'line 2 has 2 fields where the header has 3: a value is missing: an empty one still needs its separator ";"',
  );
  expect(quote.errors[0]).toMatchObject({ code: "invalid_csv", message: expect.stringMatching(/^line \d+: /) });
  const wide = await errorOf(await csv("job_title,gender,salary\nNurse,M,52000,extra\nNurse,F,49000\n"));
  expect(wide.errors[0]).toMatchObject({
    code: "invalid_csv",
    message:
      'line 2 has 4 fields where the header has 3: a value holding the separator "," must be in double quotes (an amount written 52,000, a title with a comma)',
  });
});

test("the country goes in the query with CSV and in the body with JSON; each form refuses the other's", async () => {
  const noCountry = await errorOf(await csv(asCsv(), ""));
  expect(noCountry.errors[0]).toMatchObject({ field: "country", message: expect.stringContaining("?country=") });
  const unsupported = await csv(asCsv(), "?country=US");
  expect([unsupported.status, (await errorOf(unsupported)).errors[0].code]).toEqual([422, "unsupported_country"]);
  const jsonWithQuery = await s.call("salary", `${PATH}?country=DE`, {
    method: "POST",
    body: JSON.stringify({ country: "DE", employees: RECORDS }),
    headers: { "content-type": "application/json" },
  });
  expect([jsonWithQuery.status, (await errorOf(jsonWithQuery)).errors[0].code]).toEqual([422, "unrecognized_key"]);
  const other = await errorOf(await csv(asCsv(), "", "text/plain"));
  expect(other.message).toContain("application/json or text/csv");
});

test("the limits hold: at most 10,000 rows, and the key is checked before the body is read", async () => {
  const rows = Array.from({ length: 10_001 }, (_, i) => `Nurse,${i % 2 ? "M" : "F"},${40000 + i}`).join("\n");
  const tooMany = await errorOf(await csv(`job_title,gender,salary\n${rows}\n`));
  expect(tooMany.errors[0]).toMatchObject({ field: "employees", code: "too_big" });
  const anonymous = await csv(asCsv(), "?country=DE", "text/csv", null);
  expect(anonymous.status).toBe(401);
});

test("OpenAPI documents the CSV form: text/csv content with the columns and an example, and the query's country", async () => {
  const op = ((await (await s.call("salary", "/openapi.json")).json()) as any).paths[
    "/api/v1/compliance/pay-gap-report"
  ].post;
  expect(op.requestBody.content["text/csv"].schema.description).toContain("job_title, gender, salary");
  expect(op.requestBody.content["text/csv"].example.split("\n")[0]).toBe("job_title,gender,salary,salary_period");
  expect(op.parameters).toEqual([expect.objectContaining({ name: "country", in: "query", required: false })]);
  // The documented example is itself a valid request.
  expect((await csv(op.requestBody.content["text/csv"].example)).status).toBe(200);
});
