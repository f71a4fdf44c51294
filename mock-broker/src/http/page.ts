/** A page of a list (ARCHITECTURE.md "API conventions"). */
export interface Page<T> {
  data: T[];
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}

export interface PageLink {
  pageSize: number;
  /** 0-based. */
  page: number;
}

export function toPage<T>(data: T[], totalElements: number, link: PageLink): Page<T> {
  const totalPages = Math.ceil(totalElements / link.pageSize);
  return { data, totalPages, totalElements, hasNext: link.page + 1 < totalPages };
}
