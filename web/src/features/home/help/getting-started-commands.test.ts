import { describe, expect, it } from 'vitest';
import { gettingStartedCommands, mqttHostOf } from './getting-started-commands';

describe('getting started commands (spec section 2)', () => {
  it('name the host the console was reached at and the MQTT port the broker reports', () => {
    const commands = gettingStartedCommands({ tcpPort: 11883, wsPort: 8084 }, 'broker.example.com');
    expect(commands).toEqual({
      subscribe: {
        mosquitto: "mosquitto_sub -h broker.example.com -p 11883 -u '<username>' -P '<password>' -t 'sensors/#' -v",
        mqttJs: "npx mqtt sub -h broker.example.com -p 11883 -u '<username>' -P '<password>' -t 'sensors/#' -v",
      },
      publish: {
        mosquitto: "mosquitto_pub -h broker.example.com -p 11883 -u '<username>' -P '<password>' -t sensors/temperature -m 21.5",
        mqttJs: "npx mqtt pub -h broker.example.com -p 11883 -u '<username>' -P '<password>' -t sensors/temperature -m 21.5",
      },
    });
  });

  it('give an IPv6 host without the brackets of its URL form', () => {
    expect(mqttHostOf('[::1]')).toBe('::1');
    expect(mqttHostOf('localhost')).toBe('localhost');
    expect(gettingStartedCommands({ tcpPort: 1883 }, '[fd00::5]')?.publish.mosquitto).toContain('-h fd00::5 -p 1883');
  });

  it('wait for the broker’s config, and take the default MQTT port when it names none', () => {
    expect(gettingStartedCommands(undefined, 'localhost')).toBeNull();
    expect(gettingStartedCommands({ wsPort: 8084 }, 'localhost')?.subscribe.mosquitto).toContain('-h localhost -p 1883 ');
  });
});
