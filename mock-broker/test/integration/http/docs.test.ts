import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRouter } from '../../../src/docs/docs-router.js';
import { DocsLibrary } from '../../../src/docs/docs-library.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';

const suite = useBrokerSuite();

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET sent exactly as written: no client normalises `..` away before the broker sees it. */
function get(rawPath: string, port = suite.node.httpPort): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

const headings = (html: string) => [...html.matchAll(/<h([12]) id="[^"]*">([^<]*)<\/h\1>/g)].map((match) => match[2]);

describe('the documentation the broker serves (spec section 2, help icons)', () => {
  it('renders an English page as a complete document with the product title, its headings and a switch to German', async () => {
    const answer = await get('/docs/en/sessions');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(answer.body).toContain('<title>Sessions · Starling documentation</title>');
    expect(headings(answer.body)).toEqual(expect.arrayContaining(['Sessions', 'Connected and disconnected']));
    expect(answer.body).toContain('<a href="../de/sessions" hreflang="de" lang="de">Deutsch</a>');
    expect(answer.body).toContain('<link rel="stylesheet" href="../docs.css">');
  });

  it('renders the German page in German', async () => {
    const answer = await get('/docs/de/sessions');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<html lang="de">');
    expect(answer.body).toContain('<title>Sitzungen · Starling-Dokumentation</title>');
    expect(headings(answer.body)).toContain('Verbunden und getrennt');
    expect(answer.body).toContain('<a href="../en/sessions" hreflang="en" lang="en">English</a>');
  });

  it('lists the pages at /docs/{lang}/, reached from /docs and /docs/{lang} by relative redirects', async () => {
    const index = await get('/docs/de/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<a href="getting-started">Erste Schritte</a>');
    expect(await get('/docs')).toMatchObject({ status: 302, headers: { location: 'docs/en/' } });
    expect(await get('/docs/de')).toMatchObject({ status: 302, headers: { location: 'de/' } });
  });

  it('answers an unknown page, language or path with a 404 page', async () => {
    for (const path of ['/docs/en/no-such-page', '/docs/fr/sessions', '/docs/en/sessions/more', '/docs/en/%E0']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(answer.body, path).toContain('<h1>Page not found</h1>');
    }
    expect((await get('/docs/de/no-such-page')).body).toContain('<h1>Seite nicht gefunden</h1>');
  });

  it('refuses every way out of the documentation folder', async () => {
    for (const path of ['/docs/en/../../package.json', '/docs/en/..%2F..%2Fpackage.json', '/docs/en/%2e%2e', '/docs/..%2Fpackage.json', '/docs/en/sessions.md', '/docs/en/.%2Fsessions']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('"name"');
    }
  });

  it('allows the pages nothing but their own stylesheet: no script, no framing', async () => {
    const answer = await get('/docs/en/config');
    const policy = answer.headers['content-security-policy'];
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('script-src');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const stylesheet = await get('/docs/docs.css');
    expect(stylesheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(stylesheet.body).toContain('.docs-page');
  });

  it('serves the API contract the REST API page links to, as text', async () => {
    const answer = await get('/docs/openapi.yaml');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toMatch(/^openapi: 3\.1/m);
    expect((await get('/docs/en/rest-api')).body).toContain('<a href="../openapi.yaml">openapi.yaml</a>');
  });
});

describe('a German page not written yet', () => {
  // Every shipped page has both languages: this documentation folder lacks one German page.
  let folder: string;
  let server: http.Server;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-docs-'));
    fs.mkdirSync(path.join(folder, 'en'));
    fs.mkdirSync(path.join(folder, 'de'));
    fs.writeFileSync(path.join(folder, 'en', 'kafka.md'), '# Kafka\n\n## Topics\n');
    server = express().use(docsRouter(DocsLibrary.load(folder))).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(() => {
    server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('is shown in English within the German frame, saying so', async () => {
    const answer = await get('/docs/de/kafka', (server.address() as AddressInfo).port);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<html lang="de">');
    expect(answer.body).toContain('Diese Seite gibt es noch nicht auf Deutsch; sie wird auf Englisch gezeigt.');
    expect(answer.body).toContain('<article lang="en">');
    expect(headings(answer.body)).toEqual(['Kafka', 'Topics']);
  });
});
