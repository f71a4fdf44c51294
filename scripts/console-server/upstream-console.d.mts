// Types of upstream-console.mjs for the broker's tests, which start the console server in front of a
// server of their own.
import type http from 'node:http';

export declare const WEBSOCKET_PATH: string;

export interface UpstreamSettings {
  api: URL;
  websocket: URL;
  ca: Buffer | undefined;
  insecure: boolean;
  timeoutMs: number;
  trustedProxies: string[];
  port: number;
  bindAddress: string;
  webDir: string;
}

export interface RunningUpstreamConsole {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

export declare function upstreamSettings(environment?: Record<string, string | undefined>): UpstreamSettings | undefined;
export declare function startUpstreamConsole(settings: UpstreamSettings): Promise<RunningUpstreamConsole>;
