// mqtt.js for the web-socket client's worker, built from its modules (mqtt-sources-plugin.ts)
// instead of its prebuilt browser bundle, which carries its TCP, TLS and SOCKS transports and their
// shims. The global `process` comes first: mqtt.js reads it as it loads. A named export of the
// CommonJS entry, as a bundler reads the default export of CommonJS two ways.
import './node-process';
export { connect } from 'mqtt/mqtt';
