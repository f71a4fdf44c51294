import { Router } from 'express';
import { signedInUserId } from '../http/authenticate.js';
import type { MailService } from '../mail/mail-service.js';
import { MAIL_SETTINGS_KEY, type MailSettings, type MailSettingsStore, viewOf } from '../mail/mail-settings.js';
import type { UserService } from '../users/user-service.js';

interface SettingsBody {
  key: typeof MAIL_SETTINGS_KEY;
  jsonValue: MailSettings & { passwordSet?: boolean };
}

/** System settings (spec: settings → outgoing mail). The mail password is never answered. */
export function settingsRouter(mailSettings: MailSettingsStore, mail: MailService, users: UserService): Router {
  const router = Router();
  router.get('/api/admin/settings/:key', (_request, response) => {
    response.json({ key: MAIL_SETTINGS_KEY, jsonValue: viewOf(mailSettings.current()) });
  });
  router.post('/api/admin/settings', (request, response) => {
    const saved = mailSettings.save((request.body as SettingsBody).jsonValue);
    response.json({ key: MAIL_SETTINGS_KEY, jsonValue: viewOf(saved) });
  });
  router.post('/api/admin/settings/testMail', async (request, response) => {
    const settings = mailSettings.withStoredPassword((request.body as SettingsBody).jsonValue);
    const user = users.get(signedInUserId(request));
    await mail.send(
      {
        to: user.email,
        subject: 'Starling test mail',
        text: 'This is a test mail from Starling: the outgoing mail settings work.',
        html: '<p>This is a test mail from Starling: the outgoing mail settings work.</p>',
      },
      settings,
    );
    response.status(200).end();
  });
  return router;
}
