import { Router } from 'express';
import { signedInUserId } from '../http/authenticate.js';
import { answerOf } from '../users/user.js';
import type { AuthService } from './auth-service.js';

interface Credentials {
  username: string;
  password: string;
}

export function authRouter(auth: AuthService): Router {
  const router = Router();
  router.post('/api/auth/login', async (request, response) => {
    const { username, password } = request.body as Credentials;
    response.json(await auth.login(username, password, request.ip ?? 'unknown'));
  });
  router.post('/api/auth/login/public', (request, response) => {
    response.json(auth.loginPublic((request.body as { publicId: string }).publicId));
  });
  router.post('/api/auth/token', (request, response) => {
    response.json(auth.refresh((request.body as { refreshToken: string }).refreshToken));
  });
  router.get('/api/auth/user', (request, response) => {
    response.json(answerOf(auth.currentUser(signedInUserId(request), request.claims?.isPublic === true)));
  });
  return router;
}
