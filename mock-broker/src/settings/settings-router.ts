import { Router } from 'express';
import { signedInUserId } from '../http/authenticate.js';
import type { MailService } from '../mail/mail-service.js';
import { ApiError } from '../http/api-error.js';
import { type GivenMailSettings, MAIL_SETTINGS_KEY, type MailSettings, type MailSettingsStore, viewOf } from '../mail/mail-settings.js';
import type { StoredSettings } from './settings-repository.js';
import type { UserService } from '../users/user-service.js';

/** The body of a save or a test mail; TBMQ's `id` and `createdTime` of the stored row may come along, unused. */
interface SettingsBody {
  key: typeof MAIL_SETTINGS_KEY;
  jsonValue: GivenMailSettings;
}

/** The row as the production broker answers it: its id and creation time, the key, and the value without the password. */
const answerOf = ({ id, createdTime, value }: StoredSettings<MailSettings>) => ({ id, createdTime, key: MAIL_SETTINGS_KEY, jsonValue: viewOf(value) });

/** System settings (spec: settings → outgoing mail), the one key this broker stores. The mail password is never answered. */
export function settingsRouter(mailSettings: MailSettingsStore, mail: MailService, users: UserService): Router {
  const router = Router();
  router.get('/api/admin/settings/:key', (request, response) => {
    // TBMQ keeps other keys (general, connectivity…); this broker stores the mail server only.
    if (request.params.key !== MAIL_SETTINGS_KEY) throw ApiError.notFound(`No settings are stored under key ${request.params.key}`);
    response.json(answerOf(mailSettings.stored()));
  });
  router.post('/api/admin/settings', (request, response) => {
    response.json(answerOf(mailSettings.save((request.body as SettingsBody).jsonValue)));
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
