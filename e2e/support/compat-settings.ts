/**
 * The compatibility run (playwright.compat.config.ts): the console in upstream mode in front of a
 * broker named by STARLING_COMPAT_BROKER, or, without it, in front of the recorded answers of a real
 * TBMQ 2.3.0 (support/tbmq-replay.mjs). README "Compatibility with production brokers".
 */
const broker = process.env.STARLING_COMPAT_BROKER?.trim();

export const compatPorts = {
  console: Number(process.env.STARLING_COMPAT_CONSOLE_PORT || 28385),
  replay: Number(process.env.STARLING_REPLAY_PORT || 28383),
};

export const compatSettings = {
  /** The broker's HTTP API; the replay server when none is named. */
  broker: broker || `http://127.0.0.1:${compatPorts.replay}`,
  replayed: !broker,
  /** The broker's MQTT over WebSocket address; upstream mode's default when not set. */
  websocket: process.env.STARLING_COMPAT_WS_URL?.trim() || undefined,
  console: `http://127.0.0.1:${compatPorts.console}`,
  /** TBMQ's default administrator, whose recorded answers the replay serves. */
  username: process.env.STARLING_COMPAT_USERNAME?.trim() || 'sysadmin@thingsboard.org',
  password: process.env.STARLING_COMPAT_PASSWORD ?? 'sysadmin',
  /** The broker runs on this machine: it reaches a mail server a journey starts here. */
  local: ['127.0.0.1', 'localhost'].includes(new URL(broker || 'http://127.0.0.1').hostname),
  /** Journeys that change the broker run only when asked for. */
  writes: process.env.STARLING_COMPAT_WRITE === 'true',
};
