import type { AnonymousAccessMode } from '../../api/generated/model/anonymousAccessMode';

export const anonymousModeLabels: Record<AnonymousAccessMode, 'anonymous-access.mode-auto' | 'anonymous-access.mode-allowed' | 'anonymous-access.mode-refused'> = {
  AUTO: 'anonymous-access.mode-auto',
  ALLOWED: 'anonymous-access.mode-allowed',
  REFUSED: 'anonymous-access.mode-refused',
};

export const anonymousModeExplanations: Record<
  AnonymousAccessMode,
  'anonymous-access.mode-auto-explanation' | 'anonymous-access.mode-allowed-explanation' | 'anonymous-access.mode-refused-explanation'
> = {
  AUTO: 'anonymous-access.mode-auto-explanation',
  ALLOWED: 'anonymous-access.mode-allowed-explanation',
  REFUSED: 'anonymous-access.mode-refused-explanation',
};
