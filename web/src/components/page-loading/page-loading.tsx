import { Spinner } from '@blueprintjs/core';
import './page-loading.css';

/** Shown while a page, the signed-in user or the translations load. */
export function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <Spinner size={40} />
    </div>
  );
}
