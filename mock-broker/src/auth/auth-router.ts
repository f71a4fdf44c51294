import { Router } from 'express';
import { signedInUserId } from '../http/authenticate.js';
import type { TrustedProxies } from '../http/trusted-proxies.js';
import { answerOf } from '../users/user.js';
import type { AuthService } from './auth-service.js';

interface Credentials {
  username: string;
  password: string;
}

/** Sign-in limits count per client address: the peer's, or what trusted proxies say it is (STARLING_TRUSTED_PROXIES). */
export function authRouter(auth: AuthService, proxies: TrustedProxies): Router {
  const router = Router();
  router.post('/api/auth/login', async (request, response) => {
    const { username, password } = request.body as Credentials;
    const address = proxies.clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']);
    response.json(await auth.login(username, password, address ?? 'unknown'));
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
