/** Live counters of one node (BROKER-API.md time-series keys), read by the home and monitoring pages. */
export interface BrokerCounters {
  incomingMsgs: number;
  outgoingMsgs: number;
  droppedMsgs: number;
  inboundPayloadTraffic: number;
  outboundPayloadTraffic: number;
}

export class BrokerStatistics {
  private readonly counters: BrokerCounters = {
    incomingMsgs: 0,
    outgoingMsgs: 0,
    droppedMsgs: 0,
    inboundPayloadTraffic: 0,
    outboundPayloadTraffic: 0,
  };

  messageIn(payloadBytes: number): void {
    this.counters.incomingMsgs += 1;
    this.counters.inboundPayloadTraffic += payloadBytes;
  }

  messageOut(payloadBytes: number): void {
    this.counters.outgoingMsgs += 1;
    this.counters.outboundPayloadTraffic += payloadBytes;
  }

  messageDropped(count = 1): void {
    this.counters.droppedMsgs += count;
  }

  snapshot(): BrokerCounters {
    return { ...this.counters };
  }
}
