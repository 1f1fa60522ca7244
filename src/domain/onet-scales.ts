// O*NET ratings come on the publisher's scales (Importance IM 1–5, Level LV 0–7, per Scales Reference).
// The API serves them on 0–1 by the scale's own bounds: (value − min) / (max − min), rounded to 4 decimals
// (O*NET publishes two; four keep every published distinction and drop float noise).

import { round } from "./rounding.ts";

export interface ScaleBounds {
  minimum: number;
  maximum: number;
}

export function normaliseOnScale(value: number, scale: ScaleBounds): number {
  const unit = (value - scale.minimum) / (scale.maximum - scale.minimum);
  return round(Math.min(1, Math.max(0, unit)), 4);
}
