import { describe, expect, it } from 'vitest';
import { firstRetainedCommand } from './first-retained-command';

describe('the command that creates a first retained message', () => {
  it('publishes with the retain flag to this broker’s host and MQTT port, quoting for the shell', () => {
    expect(firstRetainedCommand('broker.example', 1999)).toBe(`mosquitto_pub -h broker.example -p 1999 -t sensors/temperature -m '{"temperature":21.5}' -q 1 -r`);
  });
});
