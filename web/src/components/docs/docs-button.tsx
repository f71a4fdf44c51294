import { AnchorButton, type ButtonProps } from '@blueprintjs/core';
import { HelpIcon } from '@blueprintjs/icons';
import { useIntl } from 'react-intl';
import type { DocsPage } from './docs-url';
import { useDocsUrl } from './use-docs-url';

export interface DocsButtonProps extends Pick<ButtonProps, 'size' | 'className'> {
  page: DocsPage;
}

/** Spec section 2: a help icon that opens a documentation page, in the reader's language, in a new tab. */
export function DocsButton({ page, ...buttonProps }: DocsButtonProps) {
  const intl = useIntl();
  const docsUrl = useDocsUrl();
  const label = intl.formatMessage({ id: 'docs.open-documentation' });
  return (
    <AnchorButton
      {...buttonProps}
      variant="minimal"
      icon={<HelpIcon />}
      href={docsUrl(page)}
      target="_blank"
      rel="noopener"
      // A link that opens a page, not a button that acts: assistive technology should say so.
      role="link"
      aria-label={label}
      title={label}
    />
  );
}
