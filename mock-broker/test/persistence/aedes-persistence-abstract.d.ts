// aedes-persistence ships no types for its abstract test suite; this is the part we call.
declare module 'aedes-persistence/abstract.js' {
  import type { test } from 'node:test';

  export interface AbstractSuiteOptions {
    test: typeof test;
    persistence: () => unknown;
    /** The persistence implements the async interface Aedes 2 calls directly. */
    testAsync?: boolean;
  }

  export default function abstractPersistence(options: AbstractSuiteOptions): void;
}
