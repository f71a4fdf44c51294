import './main.css';
import { STORAGE_CHECK_FAILURE, isLocalStorageWorking } from './app/storage-check';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Without working local storage there is no session to keep (spec section 8): say so instead of
// failing later in odd ways. The text is the spec's, untranslated: the translations need the console.
if (isLocalStorageWorking()) {
  void import('./app/start').then(({ startConsole }) => startConsole(container));
} else {
  container.textContent = STORAGE_CHECK_FAILURE;
  container.setAttribute('role', 'alert');
}
