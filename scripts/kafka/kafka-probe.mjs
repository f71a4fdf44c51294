// Is the Kafka node ready? It is when it answers a real Metadata request on its client listener
// and names itself among the brokers: then it has joined its own KRaft quorum and takes clients.
// One request in Kafka's wire protocol, with Node's sockets: no client library needed to ask.
import net from 'node:net';

const METADATA_API_KEY = 3;
// Version 4 is the oldest Kafka 4 still answers, and the newest before the protocol's compact
// encoding: a request of fixed fields, a response whose broker count sits at a fixed offset.
const METADATA_VERSION = 4;
const CORRELATION_ID = 4711;
const CLIENT_ID = Buffer.from('starling-readiness-probe');

function metadataRequest() {
  const header = Buffer.alloc(10);
  header.writeInt16BE(METADATA_API_KEY, 0);
  header.writeInt16BE(METADATA_VERSION, 2);
  header.writeInt32BE(CORRELATION_ID, 4);
  header.writeInt16BE(CLIENT_ID.length, 8);
  // An empty topic list (no topics, only the brokers), and no topic created automatically.
  const body = Buffer.from([0, 0, 0, 0, 0]);
  const size = Buffer.alloc(4);
  size.writeInt32BE(header.length + CLIENT_ID.length + body.length);
  return Buffer.concat([size, header, CLIENT_ID, body]);
}

/** Asks the broker at host:port for its metadata; resolves with the number of brokers it names. */
export function brokerCount(host, port, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let received = Buffer.alloc(0);
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer from ${host}:${port} within ${timeoutMs} ms`)));
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`${host}:${port} closed the connection before answering`)));
    socket.on('connect', () => socket.write(metadataRequest()));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4 || received.length < 4 + received.readInt32BE(0)) return;
      socket.destroy();
      // Size, correlation id, throttle time, then the brokers array's length.
      if (received.readInt32BE(4) !== CORRELATION_ID) reject(new Error(`${host}:${port} answered another request`));
      else resolve(received.readInt32BE(12));
    });
  });
}
