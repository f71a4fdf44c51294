import { FormattedMessage } from 'react-intl';
import { PRODUCT_NAME } from '../../components/logo/product-name';

/** Spec section 9: the footer shows the copyright with the current year. */
export function ShellFooter() {
  return (
    <footer className="shell__footer">
      <FormattedMessage id="home.footer-copyright" values={{ year: new Date().getFullYear(), product: PRODUCT_NAME }} />
    </footer>
  );
}
