import { expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aliasedColumns, factor, fitOls, solve, tQuantile, twoSidedP } from "./ols.ts";
import { whenInstalled } from "../../../test/support/requires.ts";

const col = (...v: number[]) => Float64Array.from(v);
const ones = (n: number) => new Float64Array(n).fill(1);

test("a straight line worked by hand: y = 1 2 3 5 4 on x = 1…5", () => {
  // Sxx = 10, Sxy = 9 → slope 0.9, intercept 3 − 0.9·3 = 0.3; residuals −0.2 −0.1 0 1.1 −0.8 → RSS 1.9, σ² = 1.9/3.
  const fit = fitOls([ones(5), col(1, 2, 3, 4, 5)], col(1, 2, 3, 5, 4));
  expect(fit.estimates[0]).toBeCloseTo(0.3, 12);
  expect(fit.estimates[1]).toBeCloseTo(0.9, 12);
  expect(fit.df).toBe(3);
  expect(fit.sigma2).toBeCloseTo(1.9 / 3, 12);
  expect(fit.standardErrors[1]).toBeCloseTo(Math.sqrt(1.9 / 3 / 10), 12);
  // se(intercept)² = σ² (1/n + x̄²/Sxx) = σ² (0.2 + 0.9)
  expect(fit.standardErrors[0]).toBeCloseTo(Math.sqrt((1.9 / 3) * 1.1), 12);
  expect(fit.rSquared).toBeCloseTo(1 - 1.9 / 10, 12);
});

test("a column that repeats a combination of earlier ones is aliased and the fit is the one without it", () => {
  const a = col(1, 0, 0, 1, 0, 1),
    b = col(0, 1, 0, 0, 1, 0),
    x = col(3, 1, 4, 1, 5, 9);
  const sum = a.map((v, i) => v + b[i]);
  expect(aliasedColumns([ones(6), a, b, sum, x])).toEqual([false, false, false, true, false]);
  const y = col(2, 7, 1, 8, 2, 8);
  const withAlias = fitOls([ones(6), a, b, sum, x], y),
    without = fitOls([ones(6), a, b, x], y);
  expect(withAlias.estimates[3]).toBeNull();
  expect(withAlias.standardErrors[3]).toBeNull();
  expect(withAlias.df).toBe(without.df);
  expect(withAlias.estimates[4]).toBeCloseTo(without.estimates[3]!, 12);
  expect(withAlias.standardErrors[4]).toBeCloseTo(without.standardErrors[3]!, 12);
  // A column of zeros is aliased too (nothing to estimate).
  expect(aliasedColumns([ones(3), col(0, 0, 0)])).toEqual([false, true]);
});

test("one factoring serves the design's leading columns and other responses alike", () => {
  const x1 = col(3, 1, 4, 1, 5, 9, 2, 6),
    x2 = col(2, 7, 1, 8, 2, 8, 1, 8),
    y = col(1, 4, 1, 4, 2, 1, 3, 5);
  const f = factor([ones(8), x1, x2]);
  const leading = solve(f, y, 2),
    alone = fitOls([ones(8), x1], y);
  expect(leading.estimates).toHaveLength(2);
  leading.estimates.forEach((b, j) => expect(b!).toBeCloseTo(alone.estimates[j]!, 12));
  leading.standardErrors.forEach((se, j) => expect(se!).toBeCloseTo(alone.standardErrors[j]!, 12));
  expect(leading.df).toBe(6);
  // Another response on the same factoring: y2 = y + x1 − 2·x2 shifts the coefficients by exactly (0, 1, −2).
  const y2 = y.map((v, i) => v + x1[i] - 2 * x2[i]);
  const full = solve(f, y),
    shifted = solve(f, y2);
  [0, 1, -2].forEach((d, j) => expect(shifted.estimates[j]!).toBeCloseTo(full.estimates[j]! + d, 12));
  shifted.standardErrors.forEach((se, j) => expect(se!).toBeCloseTo(full.standardErrors[j]!, 12)); // same residuals
});

test("Student t: the textbook's 1.96 / 2.228 quantiles and a two-sided p of 5% at them", () => {
  expect(tQuantile(0.95, 10)).toBeCloseTo(2.228139, 5); // t table, 10 df
  expect(tQuantile(0.95, 1e6)).toBeCloseTo(1.959964, 4); // the normal's 97.5% point
  expect(twoSidedP(2.228139, 10)).toBeCloseTo(0.05, 6);
  expect(twoSidedP(0, 30)).toBeCloseTo(1, 8);
});

// R is installed by .ci/run; without it this test is skipped locally and fails in CI, like the other tests of Debian tools.
const withR = whenInstalled(test, !!Bun.which("Rscript"), "r-base-core (R)");

withR(
  "R's lm is the oracle: log pay on a 3-level category, a number and a female indicator, 60 made-up employees",
  async () => {
    // A deterministic made-up workforce (a linear congruential generator, not the code under test).
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const rows = Array.from({ length: 60 }, () => {
      const grade = ["A", "B", "C"][Math.floor(next() * 3)],
        tenure = Math.floor(next() * 20),
        female = next() < 0.4 ? 1 : 0;
      const pay =
        3000 *
        (grade === "B" ? 1.2 : grade === "C" ? 1.5 : 1) *
        (1 + 0.01 * tenure) *
        (female ? 0.96 : 1) *
        (0.9 + 0.2 * next());
      return { grade, tenure, female, pay };
    });
    const dir = mkdtempSync(join(tmpdir(), "wf-ols-"));
    const csv = join(dir, "d.csv");
    writeFileSync(
      csv,
      "grade,tenure,female,pay\n" + rows.map((r) => `${r.grade},${r.tenure},${r.female},${r.pay}`).join("\n"),
    );
    const script =
      `d <- read.csv("${csv}"); d$grade <- relevel(factor(d$grade), ref = "A"); s <- summary(lm(log(pay) ~ grade + tenure + female, d)); ` +
      `write.table(coef(s)[, 1:2], sep = ",", col.names = FALSE, row.names = FALSE); cat(sprintf("%.15g", c(s$r.squared, s$df[2])), sep = ",")`;
    const r = Bun.spawnSync(["Rscript", "-e", script]);
    rmSync(dir, { recursive: true, force: true });
    expect(r.exitCode).toBe(0);
    const lines = r.stdout
      .toString()
      .trim()
      .split("\n")
      .map((l) => l.split(",").map(Number));
    const [rSquared, df] = lines.pop()!;
    const dummy = (level: string) => Float64Array.from(rows, (x) => (x.grade === level ? 1 : 0));
    const fit = fitOls(
      [
        ones(60),
        dummy("B"),
        dummy("C"),
        Float64Array.from(rows, (x) => x.tenure),
        Float64Array.from(rows, (x) => x.female),
      ],
      Float64Array.from(rows, (x) => Math.log(x.pay)),
    );
    lines.forEach(([estimate, se], j) => {
      expect(fit.estimates[j]! / estimate).toBeCloseTo(1, 9);
      expect(fit.standardErrors[j]! / se).toBeCloseTo(1, 9);
    });
    expect(fit.rSquared).toBeCloseTo(rSquared, 9);
    expect(fit.df).toBe(df);
  },
);
