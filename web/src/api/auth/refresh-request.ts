// Wires the generated token call into the HTTP layer's refresh; imported once at start-up.
import { refreshToken } from '../generated/calls/auth/auth';
import { configureRefreshRequest } from './token-refresh';

// The refresh reports nothing itself: its failure reaches the caller as "refresh failed" (spec section 8).
configureRefreshRequest((token) => refreshToken({ refreshToken: token }, { ignoreErrors: true }));
