import type { SettingsRepository } from '../settings/settings-repository.js';
import { allTopics, type AuthRules } from './client-credentials.js';
import { authRules } from './credentials-value.js';

/**
 * Whether clients that match no client credentials may connect. AUTO, the default, keeps a fresh
 * broker open (the README's first mosquitto_pub works) and closes it the moment an operator saves
 * the first credentials: one who has started to hand out credentials expects strangers out. Those
 * the broker makes for itself (a web-socket client AUTO connection's) do not count. ALLOWED and
 * REFUSED fix the answer either way.
 */
export type AnonymousAccessMode = 'AUTO' | 'ALLOWED' | 'REFUSED';

/** The contract's AnonymousAccess: the setting, its effect now, and the topics anonymous clients may use. */
export interface AnonymousAccessView extends AuthRules {
  mode: AnonymousAccessMode;
  allowed: boolean;
}

/** The contract's AnonymousAccessSave; the lists unchecked until save() reads them. */
export interface AnonymousAccessSaveRequest {
  mode: AnonymousAccessMode;
  pubAuthRulePatterns?: unknown;
  subAuthRulePatterns?: unknown;
}

interface StoredSetting extends Partial<AuthRules> {
  mode: AnonymousAccessMode;
}

const SETTINGS_KEY = 'mqttAnonymousAccess';

/**
 * The anonymous-access setting, held in memory for the MQTT path and stored as JSON in
 * admin_settings. Rows written before anonymous rules existed hold the mode alone and read as
 * every topic, what anonymous clients had then: no migration is needed.
 */
export class AnonymousAccess {
  private current: AnonymousAccessMode;
  private currentRules: AuthRules;
  #revision = 0;

  constructor(
    private readonly settings: SettingsRepository,
    /** The credentials an operator made (not those the broker made for itself). */
    private readonly credentialsCount: () => number,
    /** Judges connected clients again; awaited before a change is answered. */
    private readonly onChange: () => Promise<unknown> = async () => undefined,
  ) {
    const stored = settings.find<StoredSetting>(SETTINGS_KEY);
    this.current = stored?.mode ?? 'AUTO';
    const every = allTopics();
    this.currentRules = {
      pubAuthRulePatterns: stored?.pubAuthRulePatterns ?? every.pubAuthRulePatterns,
      subAuthRulePatterns: stored?.subAuthRulePatterns ?? every.subAuthRulePatterns,
    };
  }

  /** Asked on every CONNECT that matches no credentials: memory only. */
  allowed(): boolean {
    return this.current === 'ALLOWED' || (this.current === 'AUTO' && this.credentialsCount() === 0);
  }

  /** The topics anonymous clients may use, asked on the MQTT path (decisions kept until the next save): memory only. */
  rules(): AuthRules {
    return this.currentRules;
  }

  /** Changes with every save: decisions taken under the rules before may no longer hold. */
  get revision(): number {
    return this.#revision;
  }

  view(): AnonymousAccessView {
    return { mode: this.current, allowed: this.allowed(), ...this.currentRules };
  }

  /**
   * Replaces the whole setting. The lists are read exactly as the client credentials' rules (left
   * out: every topic; empty: none) and checked before anything is stored, so a refused pattern
   * leaves the old setting in force.
   */
  async save(request: AnonymousAccessSaveRequest): Promise<AnonymousAccessView> {
    const rules = authRules({ pubAuthRulePatterns: request.pubAuthRulePatterns, subAuthRulePatterns: request.subAuthRulePatterns }, 'body');
    const setting: StoredSetting = { mode: request.mode, ...rules };
    this.settings.save(SETTINGS_KEY, setting);
    this.current = request.mode;
    this.currentRules = rules;
    this.#revision += 1;
    await this.onChange();
    return this.view();
  }
}
