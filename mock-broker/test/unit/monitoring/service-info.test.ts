import { describe, expect, it } from 'vitest';
import { serviceInfos } from '../../../src/monitoring/service-info.js';

const HOUR = 60 * 60 * 1000;
const now = 1_800_000_000_000;
const node = (nodeId: string, age: number) => ({ nodeId, lastSampleTs: now - age, cpuCount: 2, totalMemory: 1000, totalDiskSpace: 4000, cpuUsage: 12.6, memoryUsage: 25.4, diskUsage: 0.02 });

describe('service info, as the production broker states a node (openapi.yaml ServiceInfo)', () => {
  it('is ACTIVE for a sample within the hour, INACTIVE within the week, OUTDATED before', () => {
    const page = serviceInfos([node('old', 8 * 24 * HOUR), node('recent', HOUR), node('quiet', HOUR + 1)], now);
    expect(page.data.map((info) => [info.serviceId, info.status])).toEqual([
      ['old', 'OUTDATED'],
      ['quiet', 'INACTIVE'],
      ['recent', 'ACTIVE'],
    ]);
    expect(page).toMatchObject({ totalPages: 1, totalElements: 3, hasNext: false });
  });

  it('gives usage in whole percent, as the production broker does', () => {
    expect(serviceInfos([node('a', 0)], now).data[0]).toMatchObject({ cpuUsage: 13, memoryUsage: 25, diskUsage: 0, totalMemory: 1000, totalDiskSpace: 4000, dataPresent: true });
  });
});
