import { FormattedMessage } from 'react-intl';
import './login-error-dialog.css';
import { useShownModal } from './use-shown-modal';

/**
 * Spec sections 2 and 8: a loginError parameter shows in a dialog titled "login error" with a close
 * button. A native dialog: it may open over the sign-in page, which loads no Blueprint; Escape closes it.
 */
export default function LoginErrorDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const dialog = useShownModal();
  return (
    <dialog ref={dialog} className="login-error-dialog" aria-labelledby="login-error-title" onClose={onClose}>
      <h2 id="login-error-title" className="login-error-dialog__title">
        <FormattedMessage id="login.login-error" />
      </h2>
      <p className="login-error-dialog__message">{message}</p>
      <form method="dialog" className="login-error-dialog__actions">
        <button type="submit" className="login-error-dialog__close">
          <FormattedMessage id="action.close" />
        </button>
      </form>
    </dialog>
  );
}
