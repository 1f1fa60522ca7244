// E8's legal check against the minimum wage as legislated: every expected amount is read here from
// minimum-wages/statutory_minimum_wages.csv or worked by hand from its rows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { textRows, eurostatTsv } from "../support/publisher.ts";

const ON = "2026-11-25"; // every request names its date, so the rows in force do not move with the clock
type Row = Record<string, string>;
let s: TestServer;
let table: Row[];
beforeAll(async () => {
  s = startTestServer();
  table = await textRows("minimum-wages/statutory_minimum_wages.csv");
});
afterAll(() => s.stop());

/** The rows of a country's latest decision on or before ON that bind employees (the note says which do not). */
function inForce(country: string, on = ON): Row[] {
  const binding = table.filter(
    (r) =>
      r.country === country &&
      r.unit !== "none" &&
      !/CIVIL-LAW|GUARANTEED WAGE MINIMUM/.test(r.note) &&
      r.effective_from <= on,
  );
  const latest = binding
    .map((r) => r.effective_from)
    .sort()
    .at(-1);
  return binding.filter((r) => r.effective_from === latest);
}
const legalHourly = (rows: Row[]) => rows.find((r) => r.unit === "hour" && !/legal unit (is|remains)/i.test(r.note));

const check = async (body: Record<string, unknown>) => {
  const res = await s.call("salary", "/api/v1/compliance/validate-salary-range", {
    method: "POST",
    body: JSON.stringify({ job_title: "Cashier", effective_date: ON, ...body }),
    headers: { "content-type": "application/json" },
  });
  return { status: res.status, body: (await res.json()) as any };
};
/** The legal check's findings: not the market's, nor its EUR conversion, nor the transposition note. */
const legalCodes = (r: any) =>
  r.warnings
    .filter(
      (w: any) =>
        !/MARKET|BENCHMARK|RANGE_TOO_WIDE|TRANSPOSITION/.test(w.code) && !w.message.startsWith("For the market check"),
    )
    .map((w: any) => `${w.code}:${w.severity}`);

describe("hourly laws", () => {
  test("every country with an hourly legal rate: an hourly posting at the rate passes, a cent under fails, and the answer names the row", async () => {
    const countries = [...new Set(table.map((r) => r.country))].filter((c) => legalHourly(inForce(c)));
    expect(countries).toEqual(expect.arrayContaining(["DE", "FR", "NL", "IE"])); // the four whose legal unit is only the hour
    for (const country of countries) {
      const row = legalHourly(inForce(country))!;
      const amount = Number(row.amount);
      const at = (
        await check({
          country,
          min_salary: amount,
          max_salary: amount + 5,
          salary_period: "hourly",
          currency: row.currency,
        })
      ).body;
      expect([country, legalCodes(at).filter((c: string) => c.endsWith(":error"))]).toEqual([country, []]);
      expect(at.minimum_wage_rule).toMatchObject({
        amount,
        unit: "hour",
        currency: row.currency,
        effective_from: row.effective_from,
        source_url: row.source_url,
        source_title: row.source_title,
        basis: "statutory_table",
      });
      const under = (
        await check({
          country,
          min_salary: amount - 0.01,
          max_salary: amount + 5,
          salary_period: "hourly",
          currency: row.currency,
        })
      ).body;
      // A row whose source is unconfirmed (its note says so) gives a warning instead of an error.
      const unconfirmed = /uncertain|verify|not confirmed|not in (the )?archived excerpt|– check\.?$/i.test(row.note);
      expect([country, under.legally_valid, legalCodes(under)[0]]).toEqual([
        country,
        unconfirmed,
        `BELOW_MINIMUM_WAGE:${unconfirmed ? "warning" : "error"}`,
      ]);
    }
  });

  test("the postings the Eurostat conversion let through now fail: DE 13.60, FR 11.00, NL 13.50, IE 13.90 an hour", async () => {
    for (const [country, min] of [
      ["DE", 13.6],
      ["FR", 11],
      ["NL", 13.5],
      ["IE", 13.9],
    ] as const) {
      expect(Number(legalHourly(inForce(country))!.amount)).toBeGreaterThan(min);
      const r = (
        await check({ job_title: "Lagerhelfer", country, min_salary: min, max_salary: 20, salary_period: "hourly" })
      ).body;
      expect([country, r.legally_valid]).toEqual([country, false]);
    }
  });

  test("a monthly posting meets an hourly law at the hours the row states (France 35), else at the posting's weekly_hours, else on an assumed week with a warning", async () => {
    const fr = legalHourly(inForce("FR"))!;
    const floor = Math.round(((Number(fr.amount) * Number(fr.standard_hours_per_week) * 52) / 12) * 100) / 100; // 12.02 × 35 × 52 ÷ 12 = 1,823.03
    expect(
      (await check({ country: "FR", min_salary: floor, max_salary: floor + 300, salary_period: "monthly" })).body
        .legally_valid,
    ).toBe(true);
    const under = (
      await check({ country: "FR", min_salary: floor - 0.01, max_salary: floor + 300, salary_period: "monthly" })
    ).body;
    expect(legalCodes(under)).toEqual(["BELOW_MINIMUM_WAGE:error"]);
    expect(under.minimum_wage_floor).toMatchObject({
      currency: "EUR",
      salary_period: "monthly",
      weekly_hours: 35,
      hours_basis: "rule",
    });

    const de = Number(legalHourly(inForce("DE"))!.amount);
    const at38 = Math.round(((de * 38 * 52) / 12) * 100) / 100;
    expect(
      legalCodes(
        (
          await check({
            country: "DE",
            min_salary: at38 - 0.01,
            max_salary: 4000,
            salary_period: "monthly",
            weekly_hours: 38,
          })
        ).body,
      ),
    ).toContain("BELOW_MINIMUM_WAGE:error");
    const assumed = (
      await check({ country: "DE", min_salary: at38 - 0.01, max_salary: 4000, salary_period: "monthly" })
    ).body;
    // Without weekly_hours a full-time week of 40 hours is assumed: 38 hours' pay is below it, so not legal, and
    // the week it rests on is named.
    expect(assumed.legally_valid).toBe(false);
    expect(legalCodes(assumed).slice(0, 2)).toEqual(["BELOW_MINIMUM_WAGE:error", "MINIMUM_WAGE_HOURS_ASSUMED:warning"]);
    expect(assumed.warnings.find((w: any) => w.code === "BELOW_MINIMUM_WAGE").message).toContain(
      "for a full-time job at 40 hours a week",
    );
    expect(assumed.warnings.find((w: any) => w.code === "MINIMUM_WAGE_HOURS_ASSUMED").message).toContain(
      "40 hours a week were assumed",
    );
    // A forgotten salary_period (annual by default) is no pass: 1,000–1,200 a year is far below at any full-time week.
    const annual = (await check({ country: "DE", min_salary: 1000, max_salary: 1200 })).body;
    expect([annual.legally_valid, legalCodes(annual)[0]]).toEqual([false, "BELOW_MINIMUM_WAGE:error"]);
    // At or above the floor at the assumed week: legal, with the assumption named.
    const at40 = Math.round(((de * 40 * 52) / 12) * 100) / 100;
    const enough = (await check({ country: "DE", min_salary: at40, max_salary: 4000, salary_period: "monthly" })).body;
    expect([enough.legally_valid, legalCodes(enough)[0]]).toEqual([true, "MINIMUM_WAGE_HOURS_ASSUMED:warning"]);
  });

  test("a future amount in the table applies from its date, and is announced before it", async () => {
    const next = table.find((r) => r.country === "DE" && r.effective_from > ON)!;
    const now = (
      await check({ country: "DE", min_salary: Number(next.amount) - 0.01, max_salary: 20, salary_period: "hourly" })
    ).body;
    expect(now.legally_valid).toBe(true);
    expect(now.warnings.find((w: any) => w.code === "UPCOMING_MINIMUM_WAGE").message).toContain(
      `From ${next.effective_from}`,
    );
    const then = (
      await check({
        country: "DE",
        min_salary: Number(next.amount) - 0.01,
        max_salary: 20,
        salary_period: "hourly",
        effective_date: next.effective_from,
      })
    ).body;
    expect(then.legally_valid).toBe(false);
  });
});

describe("monthly laws", () => {
  test("Spain's 14 payments: an annual posting against 14 × the monthly amount; a monthly one legal only if paid 14 times", async () => {
    const es = inForce("ES").find((r) => r.unit === "month")!;
    expect(es.payments_per_year).toBe("14");
    const annual = Number(es.amount) * 14;
    expect((await check({ country: "ES", min_salary: annual, max_salary: annual + 3000 })).body.legally_valid).toBe(
      true,
    );
    expect(
      legalCodes((await check({ country: "ES", min_salary: annual - 1, max_salary: annual + 3000 })).body),
    ).toEqual(["BELOW_MINIMUM_WAGE:error"]);
    const monthly = (
      await check({
        country: "ES",
        min_salary: Number(es.amount),
        max_salary: Number(es.amount) + 300,
        salary_period: "monthly",
      })
    ).body;
    expect([monthly.legally_valid, legalCodes(monthly)]).toEqual([true, ["PAID_IN_14_PAYMENTS:warning"]]);
    expect(monthly.minimum_wage_rule.payments_per_year).toBe(14);
  });

  test("Poland in its own currency: 4,806 PLN a month is exactly the minimum and is never converted; one złoty less fails", async () => {
    const pl = inForce("PL").find((r) => r.unit === "month")!;
    expect(pl.currency).toBe("PLN");
    const at = (
      await check({
        job_title: "Kasjer",
        country: "PL",
        min_salary: Number(pl.amount),
        max_salary: 5200,
        salary_period: "monthly",
        currency: "PLN",
      })
    ).body;
    expect([at.legally_valid, legalCodes(at)]).toEqual([true, []]);
    expect(at.minimum_wage_floor).toMatchObject({ amount: Number(pl.amount), currency: "PLN" });
    expect(at.warnings.some((w: any) => w.message.startsWith("For the legal check"))).toBe(false);
    const under = (
      await check({
        job_title: "Kasjer",
        country: "PL",
        min_salary: Number(pl.amount) - 1,
        max_salary: 5200,
        salary_period: "monthly",
        currency: "PLN",
      })
    ).body;
    expect(legalCodes(under)).toEqual(["BELOW_MINIMUM_WAGE:error"]);
    // A posting in EUR is converted to the law's currency, and says so.
    const eur = (await check({ country: "PL", min_salary: 1200, max_salary: 1400, salary_period: "monthly" })).body;
    expect(
      eur.warnings.find((w: any) =>
        w.message.startsWith("For the legal check min_salary was converted from EUR to PLN"),
      ),
    ).toBeDefined();
  });

  test("an hourly posting against a monthly-only law: the assumed week is named, a warning; under the floor over 48 hours an error", async () => {
    const pl = Number(inForce("PL").find((r) => r.unit === "month")!.amount);
    const at40 = Math.round(((pl * 12) / (52 * 40)) * 100) / 100; // 27.73
    const r = (
      await check({ country: "PL", min_salary: at40, max_salary: 40, salary_period: "hourly", currency: "PLN" })
    ).body;
    expect([r.legally_valid, legalCodes(r)]).toEqual([true, ["MINIMUM_WAGE_HOURS_ASSUMED:warning"]]);
    expect(r.minimum_wage_floor).toMatchObject({ weekly_hours: 40, hours_basis: "assumed" });
    const message = r.warnings.find((w: any) => w.code === "MINIMUM_WAGE_HOURS_ASSUMED").message;
    expect(message).toContain("does not state the full-time week");
    expect(message).not.toContain("Send weekly_hours"); // a part-timer's hours do not change the hourly floor
    const partTime = (
      await check({
        country: "PL",
        min_salary: at40,
        max_salary: 40,
        salary_period: "hourly",
        currency: "PLN",
        weekly_hours: 20,
      })
    ).body;
    expect(partTime.minimum_wage_floor).toEqual(r.minimum_wage_floor);
    const at48 = Math.round(((pl * 12) / (52 * 48)) * 100) / 100; // 23.11
    expect(
      legalCodes(
        (
          await check({
            country: "PL",
            min_salary: at48 - 0.01,
            max_salary: 40,
            salary_period: "hourly",
            currency: "PLN",
          })
        ).body,
      ),
    ).toEqual(["BELOW_MINIMUM_WAGE:error"]);
  });

  test("Malta's weekly law: × 52 for a salary, ÷ the stated 40 hours for an hourly rate", async () => {
    const mt = inForce("MT").find((r) => r.unit === "week")!;
    const hourly = Math.round((Number(mt.amount) / Number(mt.standard_hours_per_week)) * 100) / 100;
    expect(
      legalCodes(
        (await check({ country: "MT", min_salary: hourly - 0.01, max_salary: 20, salary_period: "hourly" })).body,
      ),
    ).toContain("BELOW_MINIMUM_WAGE:error");
    const annual = Math.round(Number(mt.amount) * 52 * 100) / 100;
    expect(
      legalCodes((await check({ country: "MT", min_salary: annual, max_salary: annual + 5000 })).body).filter(
        (c: string) => c.endsWith(":error"),
      ),
    ).toEqual([]);
  });
});

describe("weeks and currencies", () => {
  test("a part-time salary meets the pro-rata share of a monthly minimum: exact where the law states its week (Czechia 40), a warning where it does not (Poland)", async () => {
    const cz = inForce("CZ").find((r) => r.unit === "month")!;
    const half = (Number(cz.amount) * 20) / Number(cz.standard_hours_per_week); // 22,400 × 20 ÷ 40 = 11,200
    expect(
      legalCodes(
        (
          await check({
            country: "CZ",
            min_salary: half,
            max_salary: half + 2000,
            salary_period: "monthly",
            currency: "CZK",
            weekly_hours: 20,
          })
        ).body,
      ),
    ).toEqual([]);
    expect(
      legalCodes(
        (
          await check({
            country: "CZ",
            min_salary: half - 1,
            max_salary: half + 2000,
            salary_period: "monthly",
            currency: "CZK",
            weekly_hours: 20,
          })
        ).body,
      ),
    ).toEqual(["BELOW_MINIMUM_WAGE:error"]);
    const pl = Number(inForce("PL").find((r) => r.unit === "month")!.amount);
    const r = (
      await check({
        country: "PL",
        min_salary: pl / 2,
        max_salary: pl,
        salary_period: "monthly",
        currency: "PLN",
        weekly_hours: 20,
      })
    ).body;
    expect([r.legally_valid, legalCodes(r)]).toEqual([true, ["MINIMUM_WAGE_HOURS_ASSUMED:warning"]]);
    expect(r.minimum_wage_floor).toMatchObject({ amount: pl / 2, weekly_hours: 20, hours_basis: "assumed" });
  });

  test("Ireland's 39 hours are a conversion convention, not the law's week: a salary under it without weekly_hours is below with the week named, with them plainly below", async () => {
    const ie = legalHourly(inForce("IE"))!;
    expect(ie.note).toContain("not a statutory week");
    const at39 = Math.round(Number(ie.amount) * 39 * 52 * 100) / 100;
    const r = (await check({ country: "IE", min_salary: at39 - 1, max_salary: at39 + 5000 })).body;
    expect([r.legally_valid, legalCodes(r)]).toEqual([
      false,
      ["BELOW_MINIMUM_WAGE:error", "MINIMUM_WAGE_HOURS_ASSUMED:warning"],
    ]);
    expect(r.warnings.find((w: any) => w.code === "MINIMUM_WAGE_HOURS_ASSUMED").message).toContain(
      "the 39-hour week the law's source uses to convert (not a statutory week) was used",
    );
    expect(r.minimum_wage_floor.hours_basis).toBe("convention");
    const at = (await check({ country: "IE", min_salary: at39, max_salary: at39 + 5000 })).body;
    expect([at.legally_valid, legalCodes(at)]).toEqual([true, ["MINIMUM_WAGE_HOURS_ASSUMED:warning"]]);
    expect(
      legalCodes(
        (await check({ country: "IE", min_salary: at39 - 1, max_salary: at39 + 5000, weekly_hours: 39 })).body,
      ),
    ).toEqual(["BELOW_MINIMUM_WAGE:error"]);
  });

  test("Bulgarian leva meet Bulgaria's euro minimum at the fixed 1.95583, not a market rate: BGN 1,213 is the EUR 620.20 of the row", async () => {
    const bg = inForce("BG").find((r) => r.unit === "month")!;
    expect([bg.currency, bg.note]).toEqual(["EUR", expect.stringContaining("BGN 1,213")]);
    const at = (
      await check({ country: "BG", min_salary: 1213, max_salary: 1500, salary_period: "monthly", currency: "BGN" })
    ).body;
    expect(legalCodes(at)).toEqual(["CURRENCY_CONVERTED:info"]); // 1,213 ÷ 1.95583 = 620.199… ≥ 620.20 at the cent
    expect(at.warnings.find((w: any) => w.code === "CURRENCY_CONVERTED").message).toContain(
      "fixed conversion rate of 1.95583 BGN per EUR",
    );
    expect(
      legalCodes(
        (await check({ country: "BG", min_salary: 1212, max_salary: 1500, salary_period: "monthly", currency: "BGN" }))
          .body,
      ),
    ).toContain("BELOW_MINIMUM_WAGE:error");
  });
});

describe("what the table cannot settle is said", () => {
  test("no statutory minimum (AT, DK, FI, IT, SE, NO): info naming the source; a country the table lacks (IS): a warning", async () => {
    for (const country of table.filter((r) => r.unit === "none").map((r) => r.country)) {
      const r = (await check({ country, min_salary: 1, max_salary: 2 })).body;
      const w = r.warnings.find((x: any) => x.code === "NO_STATUTORY_MINIMUM_WAGE");
      expect([country, w?.severity, r.legally_valid, r.minimum_wage_rule]).toEqual([country, "info", true, null]);
      expect(w.message).toContain(table.find((x) => x.country === country)!.source_url);
    }
    expect(table.some((r) => r.country === "IS")).toBe(false);
    expect(legalCodes((await check({ country: "IS", min_salary: 1, max_salary: 2 })).body)).toEqual([
      "NO_MINIMUM_WAGE_SOURCE:warning",
    ]);
  });

  test("before the table's first amount, Eurostat's statistical figure answers and says so (Germany, 2023-06-01)", async () => {
    expect(table.filter((r) => r.country === "DE" && r.effective_from <= "2023-06-01")).toEqual([]);
    const mw = await eurostatTsv("eurostat/estat_earn_mw_cur.tsv");
    const monthly = mw.cell({ currency: "EUR", geo: "DE" }, "2023-S1").value!;
    const r = (
      await check({
        country: "DE",
        min_salary: monthly - 1,
        max_salary: monthly + 500,
        salary_period: "monthly",
        effective_date: "2023-06-01",
      })
    ).body;
    expect(legalCodes(r)).toEqual(["MINIMUM_WAGE_FROM_EUROSTAT:warning", "BELOW_MINIMUM_WAGE:error"]);
    expect(r.minimum_wage_rule).toMatchObject({
      amount: monthly,
      unit: "month",
      currency: "EUR",
      basis: "eurostat_earn_mw_cur",
      effective_from: "2023-01-01",
    });
  });

  test("a row its source does not confirm gives LEGAL_SOURCE_UNCERTAIN with the note; an amount over a year old may be outdated", async () => {
    const ro = inForce("RO").find((r) => r.unit === "month")!;
    expect(ro.note).toContain("UNCERTAIN");
    const r = (
      await check({
        country: "RO",
        min_salary: Number(ro.amount) + 100,
        max_salary: Number(ro.amount) + 900,
        salary_period: "monthly",
        currency: "RON",
      })
    ).body;
    expect(legalCodes(r)).toEqual(["LEGAL_SOURCE_UNCERTAIN:warning"]);
    expect(r.minimum_wage_rule.uncertain).toBe(true);
    const lu = inForce("LU").find((r) => r.unit === "month")!;
    expect(Date.parse(ON) - Date.parse(lu.effective_from)).toBeGreaterThan(365 * 86_400_000);
    expect(
      legalCodes(
        (
          await check({
            country: "LU",
            min_salary: Number(lu.amount) + 100,
            max_salary: 4000,
            salary_period: "monthly",
          })
        ).body,
      ),
    ).toEqual(["MINIMUM_WAGE_MAY_BE_OUTDATED:warning"]);
  });
});

describe("bad input: 422 naming the field", () => {
  const base = { country: "DE", min_salary: 50000, max_salary: 60000 };
  for (const [what, body, field] of [
    ["an unknown period", { ...base, salary_period: "weekly" }, "salary_period"],
    ["a zero amount", { ...base, min_salary: 0 }, "min_salary"],
    ["a negative amount", { ...base, max_salary: -1 }, "max_salary"],
    ["an amount no pay reaches", { ...base, max_salary: 1e11 }, "max_salary"],
    ["an unknown currency", { ...base, currency: "XYZ" }, "currency"],
    ["a date that is not a date", { ...base, effective_date: "2026-02-30" }, "effective_date"],
  ] as const) {
    test(what, async () => {
      const r = await check(body);
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe("VALIDATION_ERROR");
      expect(
        r.body.error.details?.errors?.map((e: any) => e.field) ??
          r.body.error.errors?.map((e: any) => e.field) ?? [r.body.error.field],
      ).toContain(field);
      expect(r.body.error.request_id ?? r.body.request_id).toBeTruthy();
    });
  }
});
