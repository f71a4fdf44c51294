import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { ResourceUsageTable } from './resource-usage-table';

const GIB = 1024 ** 3;

describe('resource usage table (issue 16)', () => {
  setUpSignedInPageTests();

  it('shows each node’s status, CPU, memory and disk used of total, and when it last reported', async () => {
    const now = Date.now();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([
          { serviceId: 'node-a', serviceType: 'TBMQ', status: 'ONLINE', lastUpdateTime: now - 3000, cpuUsage: 12.345, cpuCount: 4, memoryUsage: 1.5 * GIB, totalMemory: 8 * GIB, diskUsage: 512 * 1024 ** 2, totalDiskSpace: 100 * GIB },
          { serviceId: 'node-b', serviceType: 'TBMQ', status: 'OFFLINE', lastUpdateTime: now - 5 * 60_000, cpuUsage: 0, cpuCount: 4, memoryUsage: 0, totalMemory: 8 * GIB, diskUsage: 0, totalDiskSpace: 100 * GIB },
        ]),
      ),
    );
    renderPage(<ResourceUsageTable refreshMs={60_000} />);
    const [online, offline] = await screen.findAllByTestId('service-row');
    const cells = within(online as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['node-a', 'Online', '12.3 %', '1.5 GB of 8 GB', '512 MB of 100 GB', 'just now']);
    expect(within(offline as HTMLElement).getByTestId('service-status').textContent).toBe('Offline');
    expect(within(offline as HTMLElement).getAllByRole('cell').at(-1)?.textContent).toBe('5 minutes ago');
  });
});
