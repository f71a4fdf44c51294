import { parse as nodeParse } from 'node:url';
import { describe, expect, it } from 'vitest';
import mqttUrl from './mqtt-url';

/** The fields mqtt.js's connect() reads of a parsed broker address. */
const readByMqtt = ({ protocol, hostname, port, path, query, auth }: ReturnType<typeof mqttUrl.parse>) => ({ protocol, hostname, port, path, query: { ...query }, auth });

describe('the broker address parser mqtt.js gets in the browser', () => {
  it.each([
    'ws://localhost:8084/mqtt',
    'wss://broker.example.com/mqtt',
    'ws://broker.example.com',
    'WS://Broker.Example.COM:9001/ws/mqtt?clientId=console-1&x=2',
    'wss://operator:s%3Acret%20word@broker.example.com:443/mqtt',
    'ws://operator@10.0.0.5:8084/',
  ])('reads %s as Node’s url.parse does', (address) => {
    const node = nodeParse(address, true);
    expect(readByMqtt(mqttUrl.parse(address))).toEqual({ protocol: node.protocol, hostname: node.hostname, port: node.port, path: node.path, query: { ...node.query }, auth: node.auth });
  });

  it('keeps the brackets of an IPv6 host, so that the web socket address mqtt.js builds from it is valid', () => {
    const { hostname, port } = mqttUrl.parse('ws://[::1]:8084/mqtt');
    expect(hostname).toBe('[::1]');
    expect(new URL(`ws://${hostname}:${port}/mqtt`).host).toBe('[::1]:8084');
  });

  it('gives a path of this origin only its path, for mqtt.js to take as a relative web socket address', () => {
    expect(readByMqtt(mqttUrl.parse('/mqtt?clientId=a'))).toEqual({ protocol: null, hostname: null, port: null, path: '/mqtt?clientId=a', query: { clientId: 'a' }, auth: null });
  });
});
