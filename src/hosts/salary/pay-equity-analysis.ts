// POST /v1/compliance/pay-equity-analysis: the joint pay assessment's question — how much of a gender pay gap the
// objective factors explain, whether the rest is significant, and what closing it costs. Swiss standard model or the
// employer's own factors (src/domain/pay-equity/). Stateless like E7: no submitted value is stored or logged.
import { z } from "zod";
import { payAmount } from "./models.ts";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { analysePayEquity, PayEquityInputError, type ModelInput } from "../../domain/pay-equity/analysis.ts";
import { swissStandardInput } from "../../domain/pay-equity/swiss-standard.ts";
import { customInput } from "../../domain/pay-equity/custom.ts";
import { methodologyNote, PAY_EQUITY_DISCLAIMER, roundedAnalysis } from "../../domain/pay-equity/report.ts";

const MAX_EMPLOYEES = 10_000;
const FACTOR_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const MAX_FACTORS = 20;

const Id = z
  .union([z.string().trim().min(1).max(64), z.number().finite()])
  .optional()
  .describe(
    "the employer's key for the record (a personnel number); only echoed in `excluded` and `remediation.adjustments`",
  );
const Gender = z.enum(["M", "F"]).describe("M or F");
const Category = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .optional()
  .describe(
    "a category of workers doing equal work or work of equal value; each category with at least 5 women and 5 men is also analysed on its own",
  );
const Money = (what: string) => payAmount("allowed").optional().describe(`${what}, a month (0 when absent)`);

const SwissRecord = z.strictObject({
  id: Id,
  gender: Gender,
  category: Category,
  age: z.number().int().min(14).max(100).describe("age in years"),
  years_of_service: z.number().min(0).max(80).describe("years with the employer"),
  training: z
    .number()
    .int()
    .min(1)
    .max(8)
    .optional()
    .describe(
      "population 1: highest training, the office's code 1–8 (1 university … 8 no completed vocational training); read as 17, 15, 14, 15, 13, 12, 11, 7 years",
    ),
  level_of_requirements: z
    .number()
    .int()
    .min(1)
    .max(8)
    .optional()
    .describe("population 1: the job's level of requirements, the office's code 1–8"),
  professional_position: z
    .number()
    .int()
    .min(1)
    .max(5)
    .optional()
    .describe(
      "population 1: professional position, the office's code 1–5 (1 top management … 5 no management function)",
    ),
  activity_rate: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe("monthly-paid: percent of full time (0 or absent for hourly-paid rows)"),
  paid_hours: z.number().min(0).max(744).optional().describe("hourly-paid: hours paid in the reference month"),
  basic_wage: payAmount().describe("basic gross wage of the reference month, at the activity rate"),
  allowances: Money("shift, Sunday, night and hardship allowances"),
  monthly_wage_13: Money("13th month wage (usually basic wage ÷ 12)"),
  special_payments: Money("special payments, 1/12 of the year's total"),
  weekly_hours: z.number().positive().max(168).describe("the firm's usual weekly hours for full-time work in this job"),
  population: z
    .number()
    .int()
    .min(1)
    .max(9)
    .default(1)
    .describe(
      "the office's statistical population code; only 1 is analysed (2 apprentices and trainees, 3 others as the office defines them)",
    ),
});

const CustomRecord = z.strictObject({
  id: Id,
  gender: Gender,
  category: Category,
  salary: payAmount().describe("gross pay per salary_period, every record in the same currency"),
  salary_period: z
    .enum(["annual", "monthly", "hourly"])
    .default("annual")
    .describe("annual (default), monthly or hourly"),
  weekly_hours: z
    .number()
    .positive()
    .max(168)
    .optional()
    .describe(
      "contractual weekly hours; without them the record is taken as full time (the most frequent weekly_hours given, else 40)",
    ),
  factors: z
    .record(
      z.string().regex(FACTOR_NAME, "must be a factor name: a letter, then letters, digits or _ (at most 40)"),
      z.union([z.number().finite(), z.string().trim().min(1).max(100)]),
    )
    .refine((f) => Object.keys(f).length <= MAX_FACTORS, `at most ${MAX_FACTORS} factors`)
    .default({})
    .describe(
      "objective factors by name: a number (tenure, experience …) or text (grade, location …, a category against its most frequent level); the same names in every record",
    ),
});

const Common = {
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code (CHF, EUR)")
    .optional()
    .describe("the records' currency, echoed with the remediation cost; nothing is converted"),
};

const Estimate = {
  sex_coefficient: z.number().describe("b, the female indicator's coefficient on log pay (men are the reference)"),
  standard_error: z.number().describe("b's standard error"),
  t_statistic: z.number().describe("b ÷ standard error"),
  p_value: z.number().describe("two-sided p-value of the t-test on b"),
  degrees_of_freedom: z.number().int().describe("residual degrees of freedom"),
  r_squared: z.number().describe("share of the variance of log pay the model explains"),
  unexplained_gap_pct: z
    .number()
    .describe(
      "Kennedy's estimate (exp(b − se²/2) − 1) × 100: women's pay against men's with the factors held equal, negative when women earn less",
    ),
  confidence_interval_pct: z
    .object({ lower: z.number().describe("lower bound, percent"), upper: z.number().describe("upper bound, percent") })
    .describe("95% interval of the unexplained gap, (exp(b ± t₀.₉₇₅·se) − 1) × 100"),
  significant: z.boolean().describe("the two-sided t-test rejects b = 0 at 5%"),
};
const RecordId = z.union([z.string(), z.number()]).optional().describe("the record's id, when it gave one");
const Row = z.number().int().describe("the record's position in `employees` (or the CSV's data rows), 1 = the first");
/**
 * A CSV's header holds one model's columns: the other model's ("salary" on the Swiss data sheet, "age" beside the
 * custom model's factors) is named once as an unknown column, as any other is, not once per row.
 */
function ownColumnsOnly<T extends Record<string, unknown>>(rows: T[], model: "swiss_standard" | "custom"): T[] {
  const own = model === "custom" ? CustomRecord.shape : SwissRecord.shape;
  const foreign = Object.keys(rows[0] ?? {}).filter(
    (c) => !Object.hasOwn(own, c) && !(model === "custom" && c.startsWith("factor.")),
  );
  if (foreign.length)
    throw validationError(
      foreign.map((c) => ({
        field: c,
        column: c,
        code: "unrecognized_column",
        message: `not a column of the ${model} model`,
      })),
    );
  return rows;
}

const Excluded = z.object({ row: Row, id: RecordId, reason: z.string().describe("why the record was left out") });

const Decomposition = z
  .object({
    raw_log_gap: z.number().describe("men's mean log pay − women's"),
    explained: z.number().describe("the part of raw_log_gap the factors' differences explain (pooled coefficients)"),
    unexplained: z.number().describe("raw_log_gap − explained (equals −sex_coefficient)"),
    explained_share_pct: z.number().nullable().describe("explained ÷ raw_log_gap × 100; null when the raw gap is 0"),
    factors: z
      .array(
        z.object({
          factor: z.string().describe("a factor of the model"),
          log_points: z.number().describe("the factor's contribution to the explained part"),
          share_pct: z.number().nullable().describe("of raw_log_gap"),
        }),
      )
      .describe("each factor's part of the explained gap"),
  })
  .describe("Oaxaca–Blinder decomposition of the raw gap");

export const payEquityAnalysisRoute = defineRoute({
  id: "X8",
  summary: "Pay equity analysis (explained and unexplained gaps)",
  description:
    "How much of the gender pay gap the objective factors explain, whether the unexplained rest is significant, per category of equal work, and what raising the women paid below their predicted pay would cost. " +
    "`model: swiss_standard` reproduces the Swiss standard analysis model (Logib module 1) from the office's data-sheet fields; `model: custom` uses the employer's own factors. Stateless: no submitted value is stored or logged. " +
    "The records may also be sent as CSV (Content-Type: text/csv, ?model=…): a header row of the record fields, custom factors as columns named factor.<name>, one employee per row.",
  method: "POST",
  path: "/api/v1/compliance/pay-equity-analysis",
  scope: "compliance:report",
  minTier: "enterprise",
  examples: [
    {
      summary: "Custom model: grade and tenure, 24 employees",
      body: {
        model: "custom",
        currency: "EUR",
        employees: Array.from({ length: 24 }, (_, i) => ({
          gender: (i % 2 ? "F" : "M") as "F" | "M",
          salary: 40_000 + (i % 3) * 9_000 + (i % 5) * 700 - (i % 2) * 1_500 + (i % 7) * 300,
          factors: { grade: ["A", "B", "C"][i % 3], tenure_years: i % 5 },
        })),
      },
    },
  ],
  csv: {
    rowsField: "employees",
    columns: {
      id: "text",
      gender: "text",
      category: "text",
      age: "number",
      years_of_service: "number",
      training: "number",
      level_of_requirements: "number",
      professional_position: "number",
      activity_rate: "number",
      paid_hours: "number",
      basic_wage: "number",
      allowances: "number",
      monthly_wage_13: "number",
      special_payments: "number",
      weekly_hours: "number",
      population: "number",
      salary: "number",
      salary_period: "text",
    },
    prefixedColumns: "factor.",
    required: ["gender"],
    query: z.strictObject({
      model: z
        .enum(["swiss_standard", "custom"], {
          error: "required with a CSV body: swiss_standard or custom (?model=custom)",
        })
        .describe("the model, as the JSON body's `model`"),
      currency: Common.currency,
      categorical_factors: z
        .string()
        .max(1000)
        .optional()
        .describe("custom: factor names, comma-separated, to treat as categories even where their values are numbers"),
    }),
    toBody: (rows, query: { model: "swiss_standard" | "custom"; currency?: string; categorical_factors?: string }) => ({
      model: query.model,
      currency: query.currency,
      ...(query.categorical_factors
        ? {
            categorical_factors: query.categorical_factors
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          }
        : {}),
      employees: ownColumnsOnly(rows, query.model).map((row) => {
        const record: Record<string, unknown> = {},
          factors: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(row))
          if (k.startsWith("factor.")) factors[k.slice(7)] = v;
          else record[k] = v;
        return query.model === "custom" ? { ...record, factors } : record;
      }) as never,
    }),
    example: "gender,salary,factor.grade,factor.tenure_years\nM,52000,B,4\nF,49000,B,3\n",
  },
  body: z
    .discriminatedUnion("model", [
      z.strictObject({
        model: z.literal("swiss_standard").describe("the Swiss standard analysis model (Logib module 1)"),
        ...Common,
        employees: z
          .array(SwissRecord)
          .min(2)
          .max(MAX_EMPLOYEES)
          .describe("the office's data sheet, one record per employee (at least 50 analysed)"),
      }),
      z.strictObject({
        model: z.literal("custom").describe("the employer's own objective factors"),
        ...Common,
        categorical_factors: z
          .array(
            z.string().regex(FACTOR_NAME, "must be a factor name: a letter, then letters, digits or _ (at most 40)"),
          )
          .max(MAX_FACTORS)
          .default([])
          .describe("factors to treat as categories even where their values are numbers (grade 1, 2, 3)"),
        employees: z
          .array(CustomRecord)
          .min(2)
          .max(MAX_EMPLOYEES)
          .describe("one record per employee (more than the model's parameters + 10)"),
      }),
    ])
    .describe(
      "`model` chooses the record fields: swiss_standard (the office's data sheet) or custom (salary and factors)",
    ),
  response: z.object({
    model: z.enum(["swiss_standard", "custom"]).describe("the model the body chose"),
    currency: z.string().nullable().describe("the currency the body named; null when it named none"),
    pay_basis: z
      .string()
      .describe(
        "the pay the model compares: full-time standardised monthly pay (swiss_standard) or hourly pay (custom)",
      ),
    full_time_weekly_hours: z
      .number()
      .describe(
        "the full-time week pay was standardised at: the most frequent weekly_hours (the larger on a tie), 40 when none is given",
      ),
    employees_analysed: z.number().int().describe("records in the model (swiss_standard: statistical population 1)"),
    women: z.number().int().describe("women analysed"),
    men: z.number().int().describe("men analysed"),
    excluded: z
      .array(Excluded)
      .describe("records left out, with why (swiss_standard: statistical population other than 1)"),
    ...Estimate,
    target_value_pct: z
      .number()
      .describe("the Swiss office's target value: a significant unexplained gap below it is within target"),
    limit_value_pct: z
      .number()
      .describe("the Swiss office's limit value (tolerance threshold): a significant gap at or above it fails"),
    verdict: z
      .enum(["no_significant_gap", "within_target", "within_limit", "limit_exceeded"])
      .describe(
        "no_significant_gap; or significant and below the target value, below the limit value, or at or above it",
      ),
    verdict_text: z.string().describe("the verdict in words"),
    coefficients: z
      .array(
        z.object({
          name: z
            .string()
            .describe(
              "(intercept), a numeric factor, factor_squared, factor=level (a category against the reference level) or female",
            ),
          factor: z.string().describe("the factor the regressor belongs to"),
          estimate: z.number().nullable().describe("the coefficient on log pay; null when aliased"),
          standard_error: z.number().nullable().describe("its standard error; null when aliased"),
          t_statistic: z.number().nullable().describe("estimate ÷ standard error"),
          p_value: z.number().nullable().describe("two-sided p-value of the t-test on the estimate"),
          aliased: z
            .boolean()
            .describe(
              "swiss_standard: the column repeats a combination of earlier ones and was dropped (estimate null), as R's lm does",
            ),
        }),
      )
      .describe("every regressor of the workforce model"),
    reference_levels: z.record(z.string(), z.string()).describe("each categorical factor's reference level"),
    mean_gap_pct: z
      .number()
      .nullable()
      .describe(
        "raw gap of mean pay on pay_basis: (men's − women's) ÷ men's × 100, positive when women earn less (as E7)",
      ),
    median_gap_pct: z.number().nullable().describe("raw gap of median pay on pay_basis, as E7"),
    decomposition: Decomposition.describe("Oaxaca–Blinder decomposition of the raw gap over the workforce"),
    categories: z
      .array(
        z.object({
          category: z.string().describe("the records' category"),
          employees: z.number().int().describe("records in it"),
          women: z.number().int().describe("women in it"),
          men: z.number().int().describe("men in it"),
          k_anonymity_warning: z.boolean().describe("fewer than 5 women or 5 men: the category's figures are null"),
          mean_gap_pct: z
            .number()
            .nullable()
            .describe("raw mean gap in the category, as the workforce's; null under the k-anonymity warning"),
          median_gap_pct: z
            .number()
            .nullable()
            .describe("raw median gap in the category; null under the k-anonymity warning"),
          estimate: z
            .object(Estimate)
            .nullable()
            .describe("the model fitted within the category; null with a reason when it cannot be"),
          decomposition: Decomposition.nullable().describe("the category's own decomposition; null with estimate"),
          reason: z.string().nullable().describe("why estimate is null"),
          factors_dropped: z
            .array(z.string())
            .describe("factors constant in the category, or columns collinear there, left out of its model"),
          requires_joint_assessment: z
            .boolean()
            .describe(
              "raw mean gap of 5% or more (either way) that the factors do not explain: the unexplained gap is ≥ 5% and significant; without an estimate, the raw gap alone decides",
            ),
        }),
      )
      .describe("per category (records' `category`), by name"),
    requires_any_joint_assessment: z.boolean().describe("any category requires a joint pay assessment"),
    remediation: z
      .object({
        rule: z.string().describe("how the raises are chosen"),
        total_cost: z.number().describe("the raises' annual cost, in the records' currency"),
        employees_adjusted: z.number().int().describe("women raised"),
        unexplained_gap_pct_after: z.number().describe("the unexplained gap with the model re-run on the raised pay"),
        adjustments: z
          .array(
            z.object({
              row: Row,
              id: RecordId,
              pay_before: z.number().describe("on pay_basis"),
              pay_predicted: z.number().describe("what the factors predict, on pay_basis"),
              raise: z.number().describe("on pay_basis"),
              raise_pct: z.number().describe("the raise in percent of pay_before"),
              annual_cost: z.number().describe("the raise for a year at the employee's own hours"),
            }),
          )
          .describe("one per woman raised, by row"),
      })
      .describe("what bringing each woman up to her predicted pay costs"),
    methodology_note: z.string().describe("the model, its formulas and sources"),
    disclaimer: z.string().describe("a statistical analysis, not legal advice or proof of discrimination"),
  }),
  handle: ({ body }) => {
    let input: ModelInput;
    try {
      input =
        body.model === "swiss_standard"
          ? swissStandardInput(body.employees)
          : customInput(body.employees, body.categorical_factors);
      const a = roundedAnalysis(analysePayEquity(input));
      return {
        data: {
          model: body.model,
          currency: body.currency ?? null,
          pay_basis: body.model === "swiss_standard" ? "monthly pay standardised to full time" : "hourly pay",
          ...a,
          requires_any_joint_assessment: a.categories.some((c) => c.requires_joint_assessment),
          remediation: {
            rule: "Each woman paid below what the model without the sex indicator predicts for her is raised to that prediction; nobody's pay is lowered.",
            ...a.remediation,
          },
          methodology_note: methodologyNote(body.model, a.full_time_weekly_hours),
          disclaimer: PAY_EQUITY_DISCLAIMER,
        },
        datasets: [],
      };
    } catch (err) {
      if (err instanceof PayEquityInputError) throw validationError(err.problems);
      throw err;
    }
  },
});
