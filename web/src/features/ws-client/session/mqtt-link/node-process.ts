// Node's global `process`, which mqtt.js reads as it loads and uses for process.nextTick, for a
// browser context that has none: the same browser version of it that its streams import.
// Imported before mqtt.js (mqtt-browser.ts).
import browserProcess from 'process/browser.js';

const scope = globalThis as unknown as { process?: unknown };
scope.process ??= browserProcess;
