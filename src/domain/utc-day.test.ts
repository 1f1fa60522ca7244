import { expect, test } from "bun:test";
import { perUtcDay } from "./utc-day.ts";

test("worked out once per UTC day: again at midnight, and again for an earlier day", () => {
  const starts: string[] = [];
  const day = perUtcDay((start) => {
    starts.push(new Date(start).toISOString());
    return new Date(start).toISOString().slice(0, 10);
  });
  const at = (iso: string) => day(Date.parse(iso));
  expect(at("2026-06-30T00:00:00Z")).toBe("2026-06-30");
  expect(at("2026-06-30T23:59:59.999Z")).toBe("2026-06-30");
  expect(at("2026-07-01T00:00:00Z")).toBe("2026-07-01");
  expect(at("2026-06-30T12:00:00Z")).toBe("2026-06-30");
  expect(at("1969-12-31T23:00:00Z")).toBe("1969-12-31"); // before the epoch: the day's start is still its midnight
  expect(starts).toEqual([
    "2026-06-30T00:00:00.000Z",
    "2026-07-01T00:00:00.000Z",
    "2026-06-30T00:00:00.000Z",
    "1969-12-31T00:00:00.000Z",
  ]);
});
