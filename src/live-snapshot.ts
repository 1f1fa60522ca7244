// The snapshot being served, and its replacement while the service runs (SIGHUP, POST /admin/snapshot/reload).
// Everything built from a snapshot (repositories, indexes, the hosts with their answer caches) is one generation.
// A swap checks the new file off the main thread, builds the next generation, and switches new requests to it in
// one assignment; requests already running keep the generation they started on, which closes its database when
// the last of them finishes. A file that fails any check is refused with a log line and the old one keeps serving.
import { openSnapshot, SnapshotError, type Snapshot } from "./snapshot/open.ts";
import { checkSnapshotFileOffThread, readSnapshotInfo } from "./snapshot/check.ts";
import { describeLocation, locateSnapshot, type SnapshotLocation } from "./snapshot/locate.ts";
import type { ServedSnapshot, SnapshotLease } from "./http/server.ts";
import type { Services } from "./services.ts";

export interface Generation extends ServedSnapshot {
  snapshot: Snapshot;
  services: Services;
  close(): void;
}

export interface ReloadOutcome {
  outcome: "swapped" | "unchanged" | "refused";
  snapshot_id: string;
  previous_snapshot_id: string;
  /** The file looked at (null when none could be named, e.g. an empty folder). */
  path: string | null;
  reason: string | null;
  /** Damaged files in the snapshot folder ranked below the one looked at (also logged as errors). */
  passed_over: { path: string; reason: string }[];
}

/** One generation and the requests still running on it. */
class Lease implements SnapshotLease {
  private inFlight = 0;
  private retired = false;
  constructor(readonly served: Generation) {}
  take(): this {
    this.inFlight++;
    return this;
  }
  release(): void {
    if (--this.inFlight === 0 && this.retired) this.close();
  }
  retire(): void {
    this.retired = true;
    if (this.inFlight === 0) this.close();
  }
  private close(): void {
    this.served.close();
    // Its indexes are garbage now; collect them soon and hand the freed pages back, so memory returns to one
    // generation's rather than waiting for allocation pressure to do it.
    setTimeout(() => {
      Bun.gc(true);
      Bun.shrink();
    }, 0);
  }
}

export class LiveSnapshot {
  private current: Lease;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    first: Generation,
    private readonly build: (snapshot: Snapshot) => Generation,
    readonly where: SnapshotLocation,
  ) {
    this.current = new Lease(first);
  }

  get generation(): Generation {
    return this.current.served;
  }

  /** The generation a new request runs on; the caller releases it when the response is made. */
  lease(): SnapshotLease {
    return this.current.take();
  }

  /**
   * Look for a newer file and swap to it. Reloads run one at a time; requests made while one waits to start
   * share it, so a burst of signals or calls costs one check.
   */
  reload(trigger: string): Promise<ReloadOutcome> {
    if (this.waiting) return this.waiting;
    const next = this.queue.then(() => {
      this.waiting = null;
      return this.swap(trigger);
    });
    this.waiting = next;
    this.queue = next.catch(() => {});
    return next;
  }
  private waiting: Promise<ReloadOutcome> | null = null;

  close(): void {
    this.current.retire();
  }

  private async swap(trigger: string): Promise<ReloadOutcome> {
    const previous = this.generation.snapshot.snapshotId;
    let path: string | null = null;
    let passedOver: ReloadOutcome["passed_over"] = [];
    const outcome = (
      kind: ReloadOutcome["outcome"],
      snapshotId: string,
      reason: string | null = null,
    ): ReloadOutcome => {
      const result = {
        outcome: kind,
        snapshot_id: snapshotId,
        previous_snapshot_id: previous,
        path,
        reason,
        passed_over: passedOver,
      };
      for (const skipped of passedOver)
        console.error(
          JSON.stringify({ level: "error", msg: "snapshot reload: file passed over", trigger, ...skipped }),
        );
      const line = JSON.stringify({
        level: kind === "refused" ? "error" : "info",
        msg: `snapshot reload: ${kind}`,
        trigger,
        ...result,
      });
      if (kind === "refused") console.error(line);
      else console.log(line);
      return result;
    };
    try {
      ({ path, passedOver } = locateSnapshot(this.where));
      // The same build as now (its meta says so): nothing to check or swap.
      if (readSnapshotInfo(path).snapshotId === previous) return outcome("unchanged", previous);
      const checked = await checkSnapshotFileOffThread(path);
      const snapshot = openSnapshot(path);
      let generation: Generation;
      try {
        if (snapshot.snapshotId !== checked.snapshotId)
          throw new SnapshotError(`${path} was replaced while it was being checked; reload again`);
        generation = this.build(snapshot);
      } catch (err) {
        snapshot.db.close();
        throw err;
      }
      const old = this.current;
      this.current = new Lease(generation);
      old.retire();
      return outcome("swapped", generation.snapshot.snapshotId);
    } catch (err) {
      const reason =
        err instanceof SnapshotError ? err.message : `${describeLocation(this.where)}: ${(err as Error).message}`;
      return outcome("refused", previous, reason);
    }
  }
}
