import { expect, test } from "bun:test";
import { lognormalPercentiles, sigmaFromDeciles } from "./lognormal.ts";

test("σ from p10 and p90 of a known log-normal round-trips; the mean is preserved", () => {
  const sigma = 0.5;
  const p = lognormalPercentiles(50_000, sigma);
  expect(sigmaFromDeciles(p.p10, p.p90)).toBeCloseTo(sigma, 12);
  // median = mean · exp(−σ²/2)
  expect(p.p50).toBeCloseTo(50_000 * Math.exp(-0.125), 6);
  expect(p.p10 < p.p25 && p.p25 < p.p50 && p.p50 < p.p75 && p.p75 < p.p90).toBe(true);
});
