import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageRoot = path.resolve(import.meta.dirname, '../../..');
const quietDebug = pathToFileURL(path.join(packageRoot, 'src/app/quiet-debug.ts')).href;

// A process of its own for every case: the module changes Node's module cache for the whole
// process, as it does in the broker, where main.ts imports it first.
const script = `
import { createRequire } from 'node:module';
await import(${JSON.stringify(quietDebug)});
const require = createRequire(${JSON.stringify(path.join(packageRoot, 'package.json'))});
const mqttPacket = require('mqtt-packet');
const parser = mqttPacket.parser();
parser.on('packet', (packet) => console.log('parsed ' + packet.cmd + ' ' + packet.messageId));
parser.parse(mqttPacket.generate({ cmd: 'puback', messageId: 7 }));
const createDebug = require('debug');
const logger = createDebug('starling:check');
logger('hello from %s', 'starling:check');
// One shape for every quiet logger is what lets V8 compile a disabled call away.
const oneShape = %HaveSameMap(logger, createDebug('a:one')) && %HaveSameMap(createDebug('a:one'), createDebug('b:two'));
console.log(JSON.stringify({
  oneShape,
  enabled: logger.enabled,
  child: logger.extend('child').namespace,
  childEnabled: logger.extend('child').enabled,
  sameFactory: createDebug.default === createDebug && createDebug.debug === createDebug,
  canEnable: typeof createDebug.enable === 'function',
}));
`;

async function runWithDebug(debug: string | undefined) {
  const env = { ...process.env };
  delete env.DEBUG;
  if (debug !== undefined) env.DEBUG = debug;
  const { stdout, stderr } = await run(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: packageRoot, env });
  const [parsed, facts] = stdout.trim().split('\n');
  return { parsed, facts: JSON.parse(facts ?? '{}') as Record<string, unknown>, stderr };
}

describe('quiet debug loggers', () => {
  it('keeps loggers that DEBUG leaves off silent, and the code using them working', async () => {
    const { parsed, facts, stderr } = await runWithDebug(undefined);

    expect(parsed).toBe('parsed puback 7');
    expect(facts).toEqual({ oneShape: true, enabled: false, child: 'starling:check:child', childEnabled: false, sameFactory: true, canEnable: true });
    expect(stderr).toBe('');
  });

  it('still logs the namespaces DEBUG turns on, the MQTT packet parser included', async () => {
    const { parsed, facts, stderr } = await runWithDebug('mqtt-packet:parser,starling:*');

    expect(parsed).toBe('parsed puback 7');
    expect(stderr).toMatch(/mqtt-packet:parser .*parse: current state: _parseHeader/);
    expect(stderr).toMatch(/starling:check hello from starling:check/);
    expect(facts).toMatchObject({ enabled: true, child: 'starling:check:child', childEnabled: true });
  });
});
