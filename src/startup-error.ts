/**
 * Something the service cannot start with that the operator can fix (a setting, a file): start-up stops with its
 * message as one line and exit 2. Thrown by configuration, the snapshot's opening and the state database's.
 */
export class StartupError extends Error {}
