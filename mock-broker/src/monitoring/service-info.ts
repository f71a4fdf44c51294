import type { StoredNode } from './storage/timeseries-repository.js';

/** ServiceInfo of openapi.yaml. */
export interface ServiceInfo {
  serviceId: string;
  serviceType: 'TBMQ';
  status: 'ONLINE' | 'OFFLINE';
  lastUpdateTime: number;
  cpuUsage: number;
  cpuCount: number;
  memoryUsage: number;
  totalMemory: number;
  diskUsage: number;
  totalDiskSpace: number;
}

/** Sampling periods a node may miss before it counts as OFFLINE (openapi.yaml, getServiceInfos). */
const MISSED_PERIODS_OFFLINE = 3;

/** Each node that stored samples, with the resources of its newest one. */
export function serviceInfos(nodes: StoredNode[], samplingPeriodMs: number, now = Date.now()): ServiceInfo[] {
  return nodes.map((node) => ({
    serviceId: node.nodeId,
    // The production broker family's only service type, which its console expects.
    serviceType: 'TBMQ',
    status: now - node.lastSampleTs > MISSED_PERIODS_OFFLINE * samplingPeriodMs ? 'OFFLINE' : 'ONLINE',
    lastUpdateTime: node.lastSampleTs,
    cpuUsage: node.cpuUsage ?? 0,
    cpuCount: node.cpuCount,
    memoryUsage: Math.round(node.memoryUsage ?? 0),
    totalMemory: node.totalMemory,
    diskUsage: Math.round(node.diskUsage ?? 0),
    totalDiskSpace: node.totalDiskSpace,
  }));
}
