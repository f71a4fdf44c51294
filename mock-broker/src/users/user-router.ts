import { type RequestHandler, Router } from 'express';
import type { AccountActivationService } from '../auth/account-activation.js';
import type { TokenService } from '../auth/token-service.js';
import { signedInUserId } from '../http/authenticate.js';
import type { UserPageQuery } from './user-repository.js';
import type { ProfileChanges, UserSaveRequest, UserService } from './user-service.js';
import { answerOf } from './user.js';

/**
 * The users page, the profile and "sign in as user": TBMQ's paths (/api/admin…, /api/admin/user/{id}/token)
 * and the spec's (spec section 7: /api/user/{id}/token, /api/admin/user), which the contract keeps as extensions.
 */
export function userRouter(users: UserService, tokens: TokenService, activation: AccountActivationService): Router {
  const router = Router();
  // Signing in as another user is offered to system administrators, the only authority here, unless
  // their role is read-only (it would change something: openapi.yaml "Changes and roles").
  // Before /api/admin/user/:id, which would take "tokenAccessEnabled" for an id.
  router.get(['/api/admin/user/tokenAccessEnabled', '/api/user/tokenAccessEnabled'], (request, response) => {
    response.json(users.roleOf(signedInUserId(request)) !== 'READ_ONLY');
  });
  // The tokens are marked with the administrator who signed in (the first one, when signing in as
  // someone from a session that is itself signed in as another user).
  const signInAs: RequestHandler<{ id: string }> = (request, response) => {
    response.json(tokens.issue(users.get(request.params.id), false, request.claims?.impersonatedBy ?? signedInUserId(request)));
  };
  router.get('/api/admin/user/:id/token', signInAs);
  router.get('/api/user/:id/token', signInAs);
  router.get('/api/admin', (request, response) => {
    const page = users.page(request.contractParameters as unknown as UserPageQuery);
    response.json({ ...page, data: page.data.map(answerOf) });
  });
  router.get('/api/admin/user/:id', (request, response) => {
    response.json(answerOf(users.get(request.params.id)));
  });
  router.post('/api/admin', async (request, response) => {
    const body = request.body as UserSaveRequest;
    const activateByMail = request.contractParameters?.sendActivationMail === true && body.id === undefined;
    if (activateByMail) {
      response.json(answerOf(await activation.createAndInvite(body)));
      return;
    }
    // The one-time password of a user created without one is answered here only, never again.
    const { user, initialPassword } = await users.save(body, { savedBy: signedInUserId(request) });
    response.json(initialPassword === undefined ? answerOf(user) : { ...answerOf(user), initialPassword });
  });
  router.delete('/api/admin/:id', async (request, response) => {
    await users.delete(request.params.id, signedInUserId(request));
    response.status(200).end();
  });
  router.post('/api/admin/user', (request, response) => {
    response.json(answerOf(users.saveProfile(signedInUserId(request), request.body as ProfileChanges)));
  });
  router.post('/api/auth/changePassword', async (request, response) => {
    const { currentPassword, newPassword } = request.body as { currentPassword: string; newPassword: string };
    const user = await users.changePassword(signedInUserId(request), currentPassword, newPassword);
    response.json(tokens.issue(user, false, request.claims?.impersonatedBy));
  });
  return router;
}
