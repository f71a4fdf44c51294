import { createRequire } from 'node:module';

/**
 * Disabled `debug` loggers that cost nothing, for the MQTT packet parser and writer above all.
 *
 * mqtt-packet calls its `debug` loggers several times for every packet it reads or writes. The
 * `debug` package gives each logger an `enabled` accessor of its own, so every logger has its own
 * shape, and the single function behind all loggers sees every shape. In bare Aedes only
 * mqtt-packet's two loggers run, V8 inlines the check and a disabled call disappears. Here the HTTP
 * stack (express, router, body-parser, send, finalhandler) adds eleven more: the function goes
 * megamorphic, and every disabled call then allocates its arguments and calls the accessor —
 * measured at about 45 % more time per parsed packet and twice the garbage (see
 * scripts/bench/README.md, "What bounds the broker").
 *
 * So a namespace that DEBUG leaves off gets a logger that does nothing, all of them of one shape;
 * a namespace DEBUG turns on gets `debug`'s own logger, which logs as always. DEBUG is read once,
 * at start: `enable()` later in the process does not wake the quiet loggers.
 */

/** What a logger offers its callers; the quiet one does nothing with it. */
export interface Logger {
  (...args: unknown[]): void;
  namespace: string;
  enabled: boolean;
  useColors: boolean;
  color: string | number;
  extend(namespace: string, delimiter?: string): Logger;
  destroy(): boolean;
}

type CreateDebug = ((namespace: string) => Logger) & {
  enabled(namespace: string): boolean;
  debug: unknown;
  default: unknown;
};

interface LoadedModule {
  exports: unknown;
}

const require = createRequire(import.meta.url);

function quietLogger(namespace: string, create: (namespace: string) => Logger): Logger {
  const logger = (() => {}) as unknown as Logger;
  // The same properties in the same order for every quiet logger: one shape for all of them.
  logger.namespace = namespace;
  logger.enabled = false;
  logger.useColors = false;
  logger.color = 0;
  logger.extend = (child: string, delimiter = ':') => create(`${namespace}${delimiter}${child}`);
  logger.destroy = () => false;
  return logger;
}

let installed: CreateDebug | undefined;

/**
 * Replaces the `debug` module's export, in Node's module cache, by a factory that hands out quiet
 * loggers for disabled namespaces. Must run before the packages that use `debug` load: importing
 * this module runs it, and the broker's entry point imports it before anything else. Returns the
 * factory, the one `require('debug')` now gives.
 */
export function quietDisabledDebugLoggers(): CreateDebug {
  if (installed) return installed;
  const original = require('debug') as CreateDebug;
  const create = ((namespace: string) => (original.enabled(namespace) ? original(namespace) : quietLogger(namespace, create))) as CreateDebug;
  // enable(), disable(), formatters and the rest stay reachable, as `debug` users expect.
  for (const key of Object.keys(original)) (create as unknown as Record<string, unknown>)[key] = (original as unknown as Record<string, unknown>)[key];
  create.debug = create;
  create.default = create;
  (require.cache[require.resolve('debug')] as LoadedModule).exports = create;
  installed = create;
  return create;
}

quietDisabledDebugLoggers();
