import '../api/refresh-request';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

export function startConsole(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
