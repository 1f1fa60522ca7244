// A state store (the state database, Redis) cannot answer: the HTTP layer turns this into 503.
export class StateUnavailable extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
