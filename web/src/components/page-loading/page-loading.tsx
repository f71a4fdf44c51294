import './page-loading.css';

/**
 * Shown while a page, the signed-in user or the translations load. Plain CSS rather than
 * Blueprint's spinner: it appears before Blueprint has loaded (on the sign-in page it never does).
 */
export function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <span className="page-loading__spinner" />
    </div>
  );
}
