import type { SettingsRepository } from '../settings/settings-repository.js';

/**
 * Whether clients that match no client credentials may connect. AUTO, the default, keeps a fresh
 * broker open (the README's first mosquitto_pub works) and closes it the moment the first
 * credentials are saved: an operator who has started to hand out credentials expects strangers
 * out. ALLOWED and REFUSED fix the answer either way.
 */
export type AnonymousAccessMode = 'AUTO' | 'ALLOWED' | 'REFUSED';

export interface AnonymousAccessView {
  mode: AnonymousAccessMode;
  allowed: boolean;
}

const SETTINGS_KEY = 'mqttAnonymousAccess';

export class AnonymousAccess {
  private current: AnonymousAccessMode;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly credentialsCount: () => number,
    /** Judges connected clients again; awaited before a change is answered. */
    private readonly onChange: () => Promise<unknown> = async () => undefined,
  ) {
    this.current = settings.find<{ mode: AnonymousAccessMode }>(SETTINGS_KEY)?.mode ?? 'AUTO';
  }

  /** Asked on every CONNECT that matches no credentials: memory only. */
  allowed(): boolean {
    return this.current === 'ALLOWED' || (this.current === 'AUTO' && this.credentialsCount() === 0);
  }

  view(): AnonymousAccessView {
    return { mode: this.current, allowed: this.allowed() };
  }

  async save(mode: AnonymousAccessMode): Promise<AnonymousAccessView> {
    this.settings.save(SETTINGS_KEY, { mode });
    this.current = mode;
    await this.onChange();
    return this.view();
  }
}
