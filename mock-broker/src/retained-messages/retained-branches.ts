import { toPage, type Page, type PageLink } from '../http/page.js';
import { selectPage } from '../lists/page-selection.js';
import type { BranchSummary, RetainedView } from '../mqtt/persistence/retained-view.js';

export type RetainedBranchSortProperty = 'name' | 'retainedCount' | 'payloadSize' | 'newestTime';

export interface RetainedBranchQuery extends PageLink {
  /** Left out: the top level. */
  branch?: string;
  sortProperty?: RetainedBranchSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

/** One level of the retained tree (openapi.yaml, RetainedBranch). */
export interface RetainedBranch {
  name: string;
  topic: string;
  retainedCount: number;
  payloadSize: number;
  newestTime: number;
  hasMessage: boolean;
  hasChildren: boolean;
}

const KEYS: Record<RetainedBranchSortProperty, (branch: BranchSummary) => number | string> = {
  name: (branch) => branch.name,
  retainedCount: (branch) => branch.count,
  payloadSize: (branch) => branch.bytes,
  newestTime: (branch) => branch.newest,
};

const toBranch = (summary: BranchSummary): RetainedBranch => ({
  name: summary.name,
  topic: summary.topic,
  retainedCount: summary.count,
  payloadSize: summary.bytes,
  newestTime: summary.newest,
  hasMessage: summary.hasEntry,
  hasChildren: summary.hasChildren,
});

/**
 * The retained tree, one level at a time (issue 14): the store keeps each branch's count, bytes and
 * newest time up to date, so a level costs as much as its own children, whatever lies below them.
 * Levels sort by the asked property, then by name, which is unique among siblings.
 */
export function retainedBranchPage(retained: RetainedView, query: RetainedBranchQuery): Page<RetainedBranch> {
  const levels = retained.branches(query.branch) ?? [];
  const keyOf = KEYS[query.sortProperty ?? 'name'];
  const direction = (query.sortOrder ?? 'ASC') === 'ASC' ? 1 : -1;
  const compare = (a: BranchSummary, b: BranchSummary) => {
    const left = keyOf(a);
    const right = keyOf(b);
    if (left !== right) return direction * (left < right ? -1 : 1);
    return direction * (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  };
  const page = selectPage(levels, compare, query.page * query.pageSize, query.pageSize).map(toBranch);
  return toPage(page, levels.length, query);
}
