import { FormattedMessage } from 'react-intl';
import './login-error-dialog.css';
import { useShownModal } from './use-shown-modal';

/**
 * A link that signs in (`?accessToken=`, `?username=`, `?publicId=`) opened while someone is signed
 * in here: it would replace that session, so the console asks first. A native dialog, like the login
 * error's, so that it needs no Blueprint before the console has loaded; Escape keeps the session.
 */
export default function ReplaceSessionDialog({ onKeep, onReplace }: { onKeep: () => void; onReplace: () => void }) {
  const dialog = useShownModal();
  return (
    <dialog ref={dialog} className="login-error-dialog" aria-labelledby="replace-session-title" onCancel={onKeep}>
      <h2 id="replace-session-title" className="login-error-dialog__title">
        <FormattedMessage id="login.replace-session-title" />
      </h2>
      <p className="login-error-dialog__message">
        <FormattedMessage id="login.replace-session-text" />
      </p>
      <div className="login-error-dialog__actions">
        <button type="button" className="login-error-dialog__close" onClick={onKeep} autoFocus>
          <FormattedMessage id="login.replace-session-keep" />
        </button>
        <button type="button" className="login-error-dialog__close" onClick={onReplace}>
          <FormattedMessage id="login.replace-session-replace" />
        </button>
      </div>
    </dialog>
  );
}
