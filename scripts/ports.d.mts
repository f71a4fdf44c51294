// Types of ports.mjs, for the TypeScript tests that start servers.

/** A loopback port nothing listens on right now, chosen by the system. */
export function freePort(): Promise<number>;

/**
 * `count` different loopback ports nothing listens on right now, below the range the system gives
 * outgoing connections: for servers stopped and started again on the same port.
 */
export function steadyPorts(count?: number): Promise<number[]>;
