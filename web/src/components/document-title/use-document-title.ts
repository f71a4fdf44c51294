import { useEffect } from 'react';
import { PRODUCT_NAME } from '../logo/product-name';

/** Spec section 2: the page title is the product title followed by the route title. */
export function useDocumentTitle(routeTitle: string): void {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${routeTitle}`;
  }, [routeTitle]);
}
