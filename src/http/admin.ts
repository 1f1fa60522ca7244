// POST /admin/snapshot/reload, on any host: what SIGHUP does, for operators who reach the service over HTTP only
// (a container platform without signals, a replica behind a load balancer). Enterprise keys with the
// snapshot:admin scope only; the request names no file, so a caller can make the service read only what the
// operator configured (SNAPSHOT_PATH or SNAPSHOT_DIR).
import { ApiError } from "./errors.ts";
import { guardRequest, type Guard } from "./guard.ts";
import { json } from "./responses.ts";
import type { AnyHostRoutes } from "./server.ts";
import type { ReloadOutcome } from "../live-snapshot.ts";
import { SCOPE_MIN_TIER } from "../state/api-keys.ts";

export const SNAPSHOT_RELOAD_PATH = "/admin/snapshot/reload";

export function adminRoutes(guard: Guard, reload: (trigger: string) => Promise<ReloadOutcome>): AnyHostRoutes {
  return {
    [SNAPSHOT_RELOAD_PATH]: (request, ctx) => {
      if (request.method !== "POST") {
        throw new ApiError(
          "METHOD_NOT_ALLOWED",
          `${request.method} is not allowed on ${SNAPSHOT_RELOAD_PATH}; use POST.`,
          { headers: { Allow: "POST" } },
        );
      }
      return Promise.resolve(
        guardRequest(guard, { scope: "snapshot:admin", minTier: SCOPE_MIN_TIER["snapshot:admin"] }, request, ctx),
      )
        .then(() => reload(`admin route (key ${ctx.keyId})`))
        .then((result) => {
          if (result.outcome === "refused") {
            throw new ApiError("SNAPSHOT_REFUSED", `The snapshot was not swapped: ${result.reason}`, {
              suggestion: `Still serving ${result.snapshot_id}. Fix or remove the file, then reload again.`,
            });
          }
          // The answer names the snapshot now serving; this request itself ran on the one before.
          return json(ctx, 200, { data: result, metadata: { request_id: ctx.requestId } });
        });
    },
  };
}
