import { describe, expect, it } from 'vitest';
import { commandLine, shellQuote } from './shell-command';

describe('shell commands', () => {
  it('quote shell values, single quotes included', () => {
    expect(shellQuote(`it's $HOME`)).toBe(`'it'\\''s $HOME'`);
    expect(shellQuote('plain-value_1')).toBe('plain-value_1');
  });

  it('join a program and its quoted arguments', () => {
    expect(commandLine('mosquitto_pub', ['-t', 'sensors/#', '-m', '{"a":1}'])).toBe(`mosquitto_pub -t 'sensors/#' -m '{"a":1}'`);
  });
});
