import { Router } from 'express';
import { ApiError } from '../http/api-error.js';
import type { AccountActivationService } from './account-activation.js';

export function accountActivationRouter(activation: AccountActivationService): Router {
  const router = Router();
  router.post('/api/noauth/activate', async (request, response) => {
    const { activateToken, password } = request.body as { activateToken: string; password: string };
    const sendConfirmation = request.contractParameters?.sendActivationMail !== false;
    response.json(await activation.activate(activateToken, password, sendConfirmation));
  });
  router.post('/api/noauth/resendEmailActivation', async (request, response) => {
    await activation.resend(String(request.contractParameters?.email ?? ''));
    response.status(200).end();
  });
  router.post('/api/admin/user/:id/activationMail', async (request, response) => {
    await activation.resendFor(request.params.id);
    response.status(200).end();
  });
  // Activation by e-mail code belongs to self-registration, which Starling does not offer:
  // administrators create accounts, activated through the link of /api/noauth/activate.
  router.post('/api/noauth/activateByEmailCode', () => {
    throw ApiError.notFound('No account awaits activation by e-mail code: Starling accounts are activated through the link in their activation mail');
  });
  return router;
}
