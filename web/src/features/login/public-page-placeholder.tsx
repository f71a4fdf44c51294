import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../components/document-title/use-document-title';
import { LoginCardLayout } from './login-card-layout';

/** A public page whose form is still being built: its title, an optional notice and the way back. */
export function PublicPagePlaceholder({ title, notice }: { title: MessageDescriptor; notice?: ReactNode }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(title));
  return (
    <LoginCardLayout title={<FormattedMessage {...title} />}>
      {notice}
      <p className="login-layout__note">
        <FormattedMessage id="common.page-being-built" />
      </p>
      <Link href="/login">
        <FormattedMessage id="login.back-to-login" />
      </Link>
    </LoginCardLayout>
  );
}
