import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { webSocketOriginAllowed, type WebSocketOriginOptions } from '../../../src/mqtt/connections/websocket-origin.js';

const node = (overrides: Partial<WebSocketOriginOptions> = {}): WebSocketOriginOptions => ({
  webSocketOrigins: [],
  publicUrl: 'https://console.example.com',
  consolePort: () => 8083,
  bindAddress: '0.0.0.0',
  ...overrides,
});

/** An IPv4 address of this machine other than loopback, as a console reached over the network has in its origin. */
const machineAddress = Object.values(os.networkInterfaces())
  .flatMap((addresses) => addresses ?? [])
  .find((address) => address.family === 'IPv4' && !address.internal)?.address;

describe('which pages may open MQTT over WebSocket', () => {
  it('lets in the console at its public URL, on the loopback names at its port, and clients without an origin', () => {
    for (const origin of [undefined, 'https://console.example.com', 'http://localhost:8083', 'http://127.0.0.1:8083', 'http://[::1]:8083']) {
      expect(webSocketOriginAllowed(origin, node())).toBe(true);
    }
  });

  it.runIf(machineAddress !== undefined)('lets in the console opened by an address of this machine when the node listens on all of them', () => {
    expect(webSocketOriginAllowed(`http://${machineAddress}:8083`, node())).toBe(true);
    expect(webSocketOriginAllowed(`http://${machineAddress}:8083`, node({ bindAddress: '127.0.0.1' }))).toBe(false);
  });

  it('refuses any other name, whatever it resolves to, another port, and origins that are not pages of a site', () => {
    for (const origin of ['http://evil.example:8083', 'http://localhost.evil.example:8083', 'http://localhost:8084', 'https://console.example.com:8443', 'null', 'file://', 'chrome-extension://abc']) {
      expect(webSocketOriginAllowed(origin, node())).toBe(false);
    }
  });

  it('lets in what STARLING_WS_ALLOWED_ORIGINS names, or every page with *', () => {
    expect(webSocketOriginAllowed('http://localhost:5173', node({ webSocketOrigins: ['http://localhost:5173'] }))).toBe(true);
    expect(webSocketOriginAllowed('http://evil.example', node({ webSocketOrigins: ['*'] }))).toBe(true);
  });
});
