import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

let node: TestNode;
let webDir: string;
const script = 'console.log("starling");'.repeat(100);

/** A built console in miniature: index, a content-hashed script with its compressed copies, a locale file. */
function writeBuild(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-web-'));
  fs.mkdirSync(path.join(directory, 'assets', 'locale'), { recursive: true });
  fs.writeFileSync(path.join(directory, 'index.html'), '<!doctype html><title>Starling</title>');
  const scriptFile = path.join(directory, 'assets', 'index-AbC123_x.js');
  fs.writeFileSync(scriptFile, script);
  fs.writeFileSync(`${scriptFile}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${scriptFile}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(directory, 'assets', 'locale', 'locale.constant-en_US.json'), '{"home.home":"Home"}');
  return directory;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request without automatic decompression, to see exactly what the server sends. */
function get(urlPath: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
    http.get({ host: '127.0.0.1', port: node.httpPort, path: urlPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  webDir = writeBuild();
  node = await startTestNode({ webDir });
});
afterAll(async () => {
  await node.destroy();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('serving the built console', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const answer = await get('/assets/index-AbC123_x.js', 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await get('/assets/index-AbC123_x.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(script);
    const plain = await get('/assets/index-AbC123_x.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('revalidates files that keep their names, such as locale files', async () => {
    const answer = await get('/assets/locale/locale.constant-en_US.json', 'br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(answer.body.toString())).toEqual({ 'home.home': 'Home' });
  });

  it('answers console routes with the index page and never serves files outside the build', async () => {
    const route = await get('/sessions?connectedStatusList=CONNECTED');
    expect(route.status).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body.toString()).toContain('<title>Starling</title>');
    const escape = await get('/assets/..%2F..%2Fpackage.json');
    expect(escape.body.toString()).toContain('<title>Starling</title>');
  });
});
