// A state store (the state database, Redis) cannot answer: the HTTP layer turns this into 503.
export class StateUnavailable extends Error {
  /**
   * notSent: the command never left this process (Redis was known to be down), so it cannot have run.
   * refused: Redis answered with an error (a script it will not run): it is there, the command is wrong.
   */
  readonly notSent: boolean;
  readonly refused: boolean;
  constructor(what: string, cause: unknown, how: { notSent?: boolean; refused?: boolean } = {}) {
    super(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.notSent = how.notSent ?? false;
    this.refused = how.refused ?? false;
  }
}
