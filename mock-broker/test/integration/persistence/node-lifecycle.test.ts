import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PortInUseError } from '../../../src/app/listen.js';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

const running: TestNode[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((node) => node.destroy()));
});

describe('node lifecycle', () => {
  it('keeps users and the signing secret across a restart of the same data directory', async () => {
    const first = await startTestNode();
    const api = new ApiClient(first.baseUrl);
    const { token } = await api.signIn();
    await first.close();

    const second = await startTestNode({ dataDir: first.dataDir });
    running.push(second);
    const again = new ApiClient(second.baseUrl);
    again.token = token;
    // A token issued before the restart is still accepted: the secret was kept in the data directory.
    expect((await again.call('GET', '/api/auth/user')).status).toBe(200);
    const users = await again.call<{ email: string }>('GET', '/api/auth/user');
    expect(users.body.email).toBe('sysadmin@starling.local');
  });

  it('refuses to start on a taken port and says which setting to change', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const attempt = startTestNode({ mqttPort: taken });
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
      await expect(attempt).rejects.toThrow(`Port ${taken} on 127.0.0.1 is already in use (STARLING_MQTT_PORT)`);
    } finally {
      blocker.close();
    }
  });

  it('keeps its data directory to the user it runs as: the folder 0700, its files 0600', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'starling-modes-')), 'data');
    const node = await startTestNode({ dataDir });
    running.push(node);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(dataDir).filter((name) => fs.statSync(path.join(dataDir, name)).isFile());
    expect(files).toContain('starling.sqlite');
    for (const name of files) expect([name, fs.statSync(path.join(dataDir, name)).mode & 0o777]).toEqual([name, 0o600]);
  });
});
