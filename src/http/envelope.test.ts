// Success bodies with this request's id and quota written into a kept answer: each Response keeps its own bytes,
// though every body is written into one shared buffer.
import { expect, test } from "bun:test";
import { successBody, type SerialisedAnswer } from "./envelope.ts";

const utf8 = new TextEncoder();
const answer = (data: string): SerialisedAnswer => ({
  around: [
    utf8.encode(`{"data":${data},"metadata":{"request_id":`),
    utf8.encode(`,"sources":[],"rate_limit":`),
    utf8.encode(`,"data_vintage":"O*NET 30.0"}}`),
  ],
});
const quota = (remaining: number) => ({
  allowed: true,
  limit: 10,
  remaining,
  resetAt: new Date("2026-11-30T00:00:00Z"),
});

test("responses made one after another keep their own request id and quota, read after both are made", async () => {
  const kept = answer('{"items":["Pflegefachkraft – Intensivstation"]}');
  const first = new Response(successBody("skills", kept, "req_first_0001", quota(9)));
  const second = new Response(successBody("skills", kept, "req_second_002", quota(8)));
  const [a, b] = [await first.json(), await second.json()];
  expect(a).toEqual({
    data: { items: ["Pflegefachkraft – Intensivstation"] },
    metadata: {
      request_id: "req_first_0001",
      sources: [],
      rate_limit: { limit: 10, remaining: 9, reset: "2026-11-30T00:00:00.000Z" },
      data_vintage: "O*NET 30.0",
    },
  });
  expect([b.metadata.request_id, b.metadata.rate_limit.remaining]).toEqual(["req_second_002", 8]);
});

test("a body larger than the shared buffer is whole, and the cost host names its quota fields its own way", async () => {
  const long = JSON.stringify("x".repeat(100_000));
  const body = await new Response(successBody("cost", answer(long), "req_long_00001", quota(0))).json();
  expect(body.data).toHaveLength(100_000);
  expect(body.metadata.rate_limit).toEqual({ remaining: 0, daily_limit: 10, reset_at: "2026-11-30T00:00:00.000Z" });
  const short = await new Response(successBody("cost", answer("1"), "req_short_0001", null)).json();
  expect(short).toEqual({
    data: 1,
    metadata: { request_id: "req_short_0001", sources: [], rate_limit: null, data_vintage: "O*NET 30.0" },
  });
});
