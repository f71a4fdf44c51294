import { ApiError } from './api-error.js';
import type { PageLink } from './page.js';

/**
 * The page link of a list that TBMQ serves at the same path as a lookup, told apart by the query
 * (openapi.yaml x-starling-query-forms). The contract has already refused a request of neither
 * form; this says so again only where a router is reached without it.
 */
export function listPageLink(query: Partial<PageLink>, lookupParameter: string): PageLink {
  const { pageSize, page } = query;
  if (pageSize === undefined || page === undefined) throw ApiError.badRequest(`Invalid request: query.${lookupParameter} is required (or query.pageSize and query.page for the list)`);
  return { pageSize, page };
}
