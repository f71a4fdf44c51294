import './api/auth/refresh-request';
import './main.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { STORAGE_CHECK_FAILURE, isLocalStorageWorking } from './app/storage-check';
import { followTheme } from './components/theme/theme';

followTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Without working local storage there is no session to keep (spec section 8): say so instead of
// failing later in odd ways. The text is the spec's, untranslated: the translations need the console.
if (isLocalStorageWorking()) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} else {
  container.textContent = STORAGE_CHECK_FAILURE;
  container.setAttribute('role', 'alert');
}
