import type { StoredNode } from './storage/timeseries-repository.js';

/** ServiceInfo of openapi.yaml, as the production broker answers it (usage in percent). */
export interface ServiceInfo {
  serviceId: string;
  serviceType: 'TBMQ';
  status: 'ACTIVE' | 'INACTIVE' | 'OUTDATED';
  lastUpdateTime: number;
  cpuUsage: number | null;
  cpuCount: number;
  memoryUsage: number | null;
  totalMemory: number;
  diskUsage: number | null;
  totalDiskSpace: number;
  dataPresent: boolean;
}

export interface ServiceInfoPage {
  data: ServiceInfo[];
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}

const HOUR_MS = 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** The production broker's status by the age of the newest sample (openapi.yaml, ServiceInfo.status). */
function statusOf(lastUpdateTime: number, now: number): ServiceInfo['status'] {
  const age = now - lastUpdateTime;
  if (age <= HOUR_MS) return 'ACTIVE';
  return age <= WEEK_MS ? 'INACTIVE' : 'OUTDATED';
}

/** The production broker answers whole percents. */
const wholePercent = (percent: number | null) => (percent === null ? null : Math.round(percent));

/** Each node that stored samples, with the resources of its newest one, as one page ordered by id. */
export function serviceInfos(nodes: StoredNode[], now = Date.now()): ServiceInfoPage {
  const data = [...nodes]
    .sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0))
    .map((node): ServiceInfo => ({
      serviceId: node.nodeId,
      // The production broker family's only service type, which its console expects.
      serviceType: 'TBMQ',
      status: statusOf(node.lastSampleTs, now),
      lastUpdateTime: node.lastSampleTs,
      cpuUsage: wholePercent(node.cpuUsage),
      cpuCount: node.cpuCount,
      memoryUsage: wholePercent(node.memoryUsage),
      totalMemory: node.totalMemory,
      diskUsage: wholePercent(node.diskUsage),
      totalDiskSpace: node.totalDiskSpace,
      // The capacities are always known here, as on the production broker once a node sampled.
      dataPresent: true,
    }));
  return { data, totalPages: data.length > 0 ? 1 : 0, totalElements: data.length, hasNext: false };
}
