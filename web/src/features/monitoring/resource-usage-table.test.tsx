import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { recordedTbmqAnswer } from '../../test-support/tbmq-recorded-answers';
import { ResourceUsageTable } from './resource-usage-table';

const GIB = 1024 ** 3;

const cellsOf = (row: HTMLElement | undefined) => within(row as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);

describe('resource usage table (issue 16)', () => {
  setUpSignedInPageTests();

  it('shows each node’s status, CPU, memory and disk used of total, and when it last reported', async () => {
    const now = Date.now();
    const node = { serviceType: 'TBMQ', cpuCount: 4, totalMemory: 8 * GIB, totalDiskSpace: 100 * GIB, dataPresent: true };
    stubBrokerCalls(({ url }) =>
      url.pathname === '/api/app/service/info'
        ? Response.json({
            data: [
              { ...node, serviceId: 'node-a', status: 'ACTIVE', lastUpdateTime: now - 3000, cpuUsage: 12, memoryUsage: 19, diskUsage: 1 },
              { ...node, serviceId: 'node-b', status: 'INACTIVE', lastUpdateTime: now - 2 * 3_600_000, cpuUsage: null, memoryUsage: null, diskUsage: null },
            ],
            totalPages: 1,
            totalElements: 2,
            hasNext: false,
          })
        : undefined,
    );
    renderPage(<ResourceUsageTable refreshMs={60_000} />);
    const [active, inactive] = await screen.findAllByTestId('service-row');
    expect(cellsOf(active)).toEqual(['node-a', 'Active', '12 %', '19 % of 8 GB', '1 % of 100 GB', 'just now']);
    expect(cellsOf(inactive)).toEqual(['node-b', 'Inactive', '—', '—', '—', '2 hours ago']);
  });

  it('shows TBMQ 2.3’s recorded answer: usage in percent of the total', async () => {
    stubBrokerCalls(({ url }) => (url.pathname === '/api/app/service/info' ? recordedTbmqAnswer('app/getServiceInfos--tbmq-app-service-info.json') : undefined));
    renderPage(<ResourceUsageTable refreshMs={60_000} />);
    const [vm] = await screen.findAllByTestId('service-row');
    const cells = cellsOf(vm);
    expect(cells.slice(0, 5)).toEqual(['vm', 'Active', '18 %', '10 % of 23.5 GB', '70 % of 252 GB']);
  });
});
