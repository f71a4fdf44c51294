import type { BrokerCounters } from '../../mqtt/broker-statistics.js';
import type { LiveLevels } from '../sampling/node-sampler.js';

/** What /metrics shows: counters since the node started, levels now, and the newest resource reading. */
export interface MetricsReading {
  nodeId: string;
  counters: BrokerCounters;
  levels: LiveLevels;
  memoryUsage: number;
  /** Undefined before the first sample. */
  cpuUsage: number | undefined;
  diskUsage: number | undefined;
}

interface Metric {
  name: string;
  type: 'counter' | 'gauge';
  help: string;
  values: { labels?: Record<string, string>; value: number | undefined }[];
}

/** A label value in the text format: backslash, double quote and line feed escaped. */
function labelValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function lines(metric: Metric, nodeId: string): string[] {
  const samples = metric.values
    .filter((sample): sample is { labels?: Record<string, string>; value: number } => sample.value !== undefined)
    .map(({ labels, value }) => {
      const pairs = Object.entries({ node: nodeId, ...labels }).map(([name, text]) => `${name}="${labelValue(text)}"`);
      return `${metric.name}{${pairs.join(',')}} ${value}`;
    });
  return samples.length === 0 ? [] : [`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`, ...samples];
}

/** The Prometheus text exposition format (version 0.0.4) of the node's counters and levels. */
export function prometheusText(reading: MetricsReading): string {
  const { counters, levels } = reading;
  const metrics: Metric[] = [
    { name: 'starling_incoming_messages_total', type: 'counter', help: 'PUBLISH messages received from clients.', values: [{ value: counters.incomingMsgs }] },
    { name: 'starling_outgoing_messages_total', type: 'counter', help: 'PUBLISH messages sent to clients.', values: [{ value: counters.outgoingMsgs }] },
    { name: 'starling_dropped_messages_total', type: 'counter', help: 'Messages dropped (queues full, expired, no one to take them).', values: [{ value: counters.droppedMsgs }] },
    { name: 'starling_inbound_payload_bytes_total', type: 'counter', help: 'Payload bytes of the messages received.', values: [{ value: counters.inboundPayloadTraffic }] },
    { name: 'starling_outbound_payload_bytes_total', type: 'counter', help: 'Payload bytes of the messages sent.', values: [{ value: counters.outboundPayloadTraffic }] },
    { name: 'starling_sessions', type: 'gauge', help: 'Client sessions, connected and persisted.', values: [{ value: levels.sessions }] },
    { name: 'starling_subscriptions', type: 'gauge', help: 'Subscriptions the sessions hold.', values: [{ value: levels.subscriptions }] },
    { name: 'starling_retained_messages', type: 'gauge', help: 'Retained messages held.', values: [{ value: levels.retainedMsgs }] },
    {
      name: 'starling_connections',
      type: 'gauge',
      help: 'MQTT connections open now, per listener.',
      values: [
        { labels: { listener: 'tcp' }, value: levels.tcpConnections },
        { labels: { listener: 'tls' }, value: levels.tlsConnections },
        { labels: { listener: 'ws' }, value: levels.wsConnections },
        { labels: { listener: 'wss' }, value: levels.wssConnections },
      ],
    },
    { name: 'starling_cpu_usage_percent', type: 'gauge', help: 'CPU the node process used over the last sampling period, in percent of all cores.', values: [{ value: reading.cpuUsage }] },
    { name: 'starling_memory_usage_bytes', type: 'gauge', help: 'Resident set of the node process.', values: [{ value: reading.memoryUsage }] },
    { name: 'starling_disk_usage_bytes', type: 'gauge', help: 'Bytes the data directory held at the last sample.', values: [{ value: reading.diskUsage }] },
  ];
  return `${metrics.flatMap((metric) => lines(metric, reading.nodeId)).join('\n')}\n`;
}
