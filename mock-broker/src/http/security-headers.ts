import type { NextFunction, Request, Response } from 'express';

/**
 * The console's policy. Scripts and styles come from the build's own files (Vite writes no inline
 * script into index.html). style-src also allows 'unsafe-inline', for style attributes and style
 * elements that libraries write (Blueprint's overlays, React's markup); a style cannot run script,
 * and script-src has no such allowance. Images allow data: for the SVG icons Blueprint's
 * stylesheet embeds. connect-src allows the API on this origin,
 * MQTT over WebSocket (ws:/wss:; the listener is on another port, 8084/8085, and the web-socket
 * client page may connect to any broker an operator names) and the release check of the home page
 * (spec section 7). worker-src adds blob: for the one worker built in the page: mqtt.js keeps its
 * keep-alive timer in a worker, because browsers slow a background tab's timers down to once a
 * minute, late enough for the broker to drop the connection; Monaco's workers are files of the build.
 */
export const CONSOLE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' ws: wss: https://api.github.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers are JSON, never a document: nothing in them may load or run, nor be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer, the API's and the console's: a Content-Security-Policy without
 * inline script, no framing (frame-ancestors, and X-Frame-Options for browsers without CSP 2), no
 * content sniffing, and no Referer leaving the console (links to the release page included).
 */
export function securityHeaders(request: Request, response: Response, next: NextFunction): void {
  const isApi = request.path === '/api' || request.path.startsWith('/api/');
  response.set({
    'Content-Security-Policy': isApi ? API_POLICY : CONSOLE_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  });
  next();
}
