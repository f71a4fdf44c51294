/** A reason the node cannot start that the operator can fix; printed as a message, without a stack. */
export class StartupError extends Error {}
