/** The client types a provider may give; INTEGRATION is refused on save (openapi.yaml ProviderClientType). */
export const PROVIDER_CLIENT_TYPES = ['DEVICE', 'APPLICATION'] as const;
export type ProviderClientTypeChoice = (typeof PROVIDER_CLIENT_TYPES)[number];

/** A stored INTEGRATION (which no provider may give) or none is shown as DEVICE, the broker's default. */
export function clientTypeChoiceOf(stored: string | null | undefined): ProviderClientTypeChoice {
  return stored === 'APPLICATION' ? 'APPLICATION' : 'DEVICE';
}
