import { describe, expect, it } from 'vitest';
import { mosquittoCommands, topicAllowedBy } from './mosquitto-commands';

const topics = { publish: 'sensors/temperature', subscribe: 'sensors/#' };

describe('mosquitto commands for the check-connectivity dialog', () => {
  it('connect with the credentials’ client id, username and the password just typed', () => {
    const commands = mosquittoCommands({ kind: 'MQTT_BASIC', host: 'broker.local', port: 1883, clientId: 'sensor-1', userName: 'sensor', passwordSet: true, password: 's3cret' }, topics);
    expect(commands.publish).toBe(`mosquitto_pub -h broker.local -p 1883 -i sensor-1 -u sensor -P s3cret -t sensors/temperature -m '{"temperature":25}'`);
    expect(commands.subscribe).toBe(`mosquitto_sub -h broker.local -p 1883 -i sensor-1 -u sensor -P s3cret -t 'sensors/#' -v`);
  });

  it('show a placeholder for a stored password and leave out what the credentials do not have', () => {
    const withStoredPassword = mosquittoCommands({ kind: 'MQTT_BASIC', host: 'h', port: 1, userName: 'u', passwordSet: true }, topics);
    expect(withStoredPassword.subscribe).toBe(`mosquitto_sub -h h -p 1 -u u -P '<password>' -t 'sensors/#' -v`);
    const withoutPassword = mosquittoCommands({ kind: 'MQTT_BASIC', host: 'h', port: 1, clientId: 'c', passwordSet: false }, topics);
    expect(withoutPassword.subscribe).toBe(`mosquitto_sub -h h -p 1 -i c -t 'sensors/#' -v`);
  });

  it('use the TLS port and certificate files for X.509 credentials', () => {
    expect(mosquittoCommands({ kind: 'X_509', host: 'h', port: 8883 }, topics).publish).toBe(
      `mosquitto_pub -h h -p 8883 --cafile ca.pem --cert client.pem --key client.key -t sensors/temperature -m '{"temperature":25}'`,
    );
  });

  it('pick a topic the rules allow', () => {
    expect(topicAllowedBy(['.*'], 'sensors/temperature')).toBe('sensors/temperature');
    expect(topicAllowedBy(['devices/42/telemetry'], 'sensors/temperature')).toBe('devices/42/telemetry');
    expect(topicAllowedBy(['site\\.a/.+'], 'sensors/temperature')).toBe('site.a/test');
    expect(topicAllowedBy([], 'sensors/#')).toBeUndefined();
  });
});
