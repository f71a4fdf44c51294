import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ metricsEnabled: true });
});
afterAll(() => node.destroy());

describe("the Prometheus text at TBMQ's path (openapi.yaml, getPrometheusMetrics)", () => {
  it('answers /actuator/prometheus as /metrics, under the same settings', async () => {
    const [actuator, metrics] = await Promise.all([fetch(`${node.baseUrl}/actuator/prometheus`), fetch(`${node.baseUrl}/metrics`)]);
    expect(actuator.status).toBe(200);
    expect(actuator.headers.get('content-type')).toBe(metrics.headers.get('content-type'));
    const [actuatorText, metricsText] = await Promise.all([actuator.text(), metrics.text()]);
    const names = (text: string) => [...text.matchAll(/^# TYPE (\S+)/gm)].map((found) => found[1]);
    expect(names(actuatorText)).toEqual(names(metricsText));
    expect(actuatorText).toContain(`starling_sessions{node="${node.config.nodeId}"}`);
  });
});

describe('with the metrics off', () => {
  let quiet: TestNode;
  beforeAll(async () => {
    quiet = await startTestNode();
    return () => quiet.destroy();
  });

  it('answers 404 at both paths', async () => {
    for (const path of ['/actuator/prometheus', '/metrics']) expect((await fetch(`${quiet.baseUrl}${path}`)).status, path).toBe(404);
  });
});
