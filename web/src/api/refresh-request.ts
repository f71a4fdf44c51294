// Wires the generated token call into the HTTP layer's refresh; imported once at start-up.
import { refreshToken } from './generated/endpoints/auth/auth';
import { configureRefreshRequest } from './token-refresh';

configureRefreshRequest((token) => refreshToken({ refreshToken: token }));
