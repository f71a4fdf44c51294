import { Router } from 'express';
import type { AccountActivationService } from '../auth/account-activation.js';
import type { TokenService } from '../auth/token-service.js';
import { signedInUserId } from '../http/authenticate.js';
import type { UserPageQuery } from './user-repository.js';
import type { ProfileChanges, UserSaveRequest, UserService } from './user-service.js';

/** The users page, the profile and "sign in as user" (spec section 7: /api/admin…, /api/user/{id}/token). */
export function userRouter(users: UserService, tokens: TokenService, activation: AccountActivationService): Router {
  const router = Router();
  router.get('/api/admin', (request, response) => {
    response.json(users.page(request.contractParameters as unknown as UserPageQuery));
  });
  router.get('/api/admin/user/:id', (request, response) => {
    response.json(users.get(request.params.id));
  });
  router.post('/api/admin', async (request, response) => {
    const body = request.body as UserSaveRequest;
    const activateByMail = request.contractParameters?.sendActivationMail === true && body.id === undefined;
    response.json(activateByMail ? await activation.createAndInvite(body) : await users.save(body, { savedBy: signedInUserId(request) }));
  });
  router.delete('/api/admin/:id', async (request, response) => {
    await users.delete(request.params.id, signedInUserId(request));
    response.status(200).end();
  });
  router.post('/api/admin/user', (request, response) => {
    response.json(users.saveProfile(signedInUserId(request), request.body as ProfileChanges));
  });
  router.post('/api/auth/changePassword', async (request, response) => {
    const { currentPassword, newPassword } = request.body as { currentPassword: string; newPassword: string };
    const user = await users.changePassword(signedInUserId(request), currentPassword, newPassword);
    response.json(tokens.issue(user));
  });
  router.get('/api/user/:id/token', (request, response) => {
    response.json(tokens.issue(users.get(request.params.id)));
  });
  return router;
}
