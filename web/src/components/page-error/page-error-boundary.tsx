import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon, RefreshIcon } from '@blueprintjs/icons';
import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import './page-error-boundary.css';

interface PageErrorBoundaryState {
  error: Error | null;
}

/**
 * One page that fails to render (a payload or an answer it was not made for) says so in its own
 * place; the menu, the header and every other page go on working, instead of the whole console
 * going blank. A page opened again (another route, or Reload) starts afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <NonIdealState
        className="page-error"
        icon={<ErrorIcon />}
        title={<FormattedMessage id="page-error.title" />}
        description={
          <>
            <FormattedMessage id="page-error.description" />
            <code className="page-error__message">{error.message.slice(0, 300)}</code>
          </>
        }
        action={
          <Button icon={<RefreshIcon />} onClick={() => this.setState({ error: null })}>
            <FormattedMessage id="page-error.retry" />
          </Button>
        }
      />
    );
  }
}
