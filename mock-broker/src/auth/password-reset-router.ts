import { Router } from 'express';
import type { PasswordResetService } from './password-reset.js';

export function passwordResetRouter(reset: PasswordResetService): Router {
  const router = Router();
  router.post('/api/noauth/resetPasswordByEmail', async (request, response) => {
    await reset.requestReset((request.body as { email: string }).email);
    response.status(200).end();
  });
  router.post('/api/noauth/resetPassword', async (request, response) => {
    const { resetToken, password } = request.body as { resetToken: string; password: string };
    response.json(await reset.reset(resetToken, password));
  });
  return router;
}
