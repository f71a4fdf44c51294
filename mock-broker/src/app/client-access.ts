import type { Router } from 'express';
import { AuthProviderRepository } from '../auth-providers/auth-provider-repository.js';
import { authProviderRouter } from '../auth-providers/auth-provider-router.js';
import { AuthProviderService } from '../auth-providers/auth-provider-service.js';
import { blockedClientRouter } from '../blocked-clients/blocked-client-router.js';
import { BlockedClientRepository } from '../blocked-clients/blocked-client-repository.js';
import { BlockedClientService } from '../blocked-clients/blocked-client-service.js';
import { plainAddress } from '../blocked-clients/blocked-client.js';
import { AnonymousAccess } from '../credentials/anonymous-access.js';
import { CredentialsAccessControl } from '../credentials/credentials-access.js';
import { CredentialsCatalog } from '../credentials/credentials-catalog.js';
import { CredentialsRepository } from '../credentials/credentials-repository.js';
import { credentialsRouter } from '../credentials/credentials-router.js';
import { CredentialsService } from '../credentials/credentials-service.js';
import { PasswordCheckCache } from '../credentials/password-check-cache.js';
import { PasswordCheckWorker } from '../credentials/password-check-worker.js';
import { PasswordGuessingGuard, type GuessingLimits } from '../credentials/password-guessing.js';
import type { Database } from '../database/database.js';
import type { ConnectAttempt, InstalledAccessControl } from '../mqtt/access-control.js';
import type { SettingsRepository } from '../settings/settings-repository.js';
import { UnauthorizedClientLog } from '../unauthorized-clients/unauthorized-client-log.js';
import { unauthorizedClientRouter } from '../unauthorized-clients/unauthorized-client-router.js';

/** Client credentials, anonymous access, blocked clients and the unauthorized-client log, wired together. */
export interface ClientAccess {
  access: CredentialsAccessControl;
  anonymous: AnonymousAccess;
  credentials: CredentialsService;
  /** The MQTT authentication providers and their order. */
  providers: AuthProviderService;
  unauthorizedClients: UnauthorizedClientLog;
  routers: Router[];
  /** Records a refused CONNECT in the unauthorized-client log. */
  refused(attempt: ConnectAttempt, reason: string): void;
  /** From now on, every change to who may connect judges the connected clients again. */
  enforceOn(installed: InstalledAccessControl): void;
  /** Stops the thread that checks passwords. */
  close(): Promise<void>;
}

/**
 * Every change to who may connect judges the connected clients again, through the hooks
 * installAccessControl answers; those exist only once the broker does (enforceOn).
 */
export function createClientAccess(database: Database, settings: SettingsRepository, guessingLimits: GuessingLimits): ClientAccess {
  let judgeConnectedClients: () => Promise<unknown> = async () => undefined;
  const accessChanged = () => judgeConnectedClients();
  const repository = new CredentialsRepository(database);
  const catalog = new CredentialsCatalog(repository.all());
  const passwordWorker = new PasswordCheckWorker();
  const passwords = new PasswordCheckCache(undefined, passwordWorker.compare);
  const credentials = new CredentialsService(repository, catalog, passwords, accessChanged);
  const anonymous = new AnonymousAccess(settings, () => catalog.operatorMadeCount, accessChanged);
  const blocked = new BlockedClientService(new BlockedClientRepository(database), accessChanged);
  const providers = new AuthProviderService(new AuthProviderRepository(database), settings);
  const access = new CredentialsAccessControl(catalog, passwords, anonymous, blocked, providers, new PasswordGuessingGuard(guessingLimits));
  const unauthorizedClients = new UnauthorizedClientLog(database);
  return {
    access,
    anonymous,
    credentials,
    providers,
    close: async () => {
      providers.close();
      await passwordWorker.close();
    },
    unauthorizedClients,
    routers: [authProviderRouter(providers), credentialsRouter({ credentials, anonymous, access }), blockedClientRouter(blocked), unauthorizedClientRouter(unauthorizedClients)],
    enforceOn(installed) {
      judgeConnectedClients = () => installed.revalidate();
    },
    refused(attempt, reason) {
      unauthorizedClients.record({
        clientId: attempt.clientId,
        ipAddress: plainAddress(attempt.address),
        ts: Date.now(),
        username: attempt.username ?? null,
        passwordProvided: attempt.password !== undefined,
        tlsUsed: attempt.tlsUsed,
        reason,
      });
    },
  };
}
