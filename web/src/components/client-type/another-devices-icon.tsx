import { Classes } from '@blueprintjs/core';

/**
 * Spec section 3: devices show the "another devices" icon, which Blueprint's set lacks. Drawn on
 * Blueprint's 16 px grid (a phone beside a round sensor) so it lines up with the other icons.
 */
export function AnotherDevicesIcon({ size = 16 }: { size?: number }) {
  return (
    <span className={Classes.ICON} aria-hidden="true">
      <svg width={size} height={size} viewBox="0 0 16 16" fill="currentColor">
        <path d="M2 1.5C2 .67 2.67 0 3.5 0h4C8.33 0 9 .67 9 1.5v13c0 .83-.67 1.5-1.5 1.5h-4A1.5 1.5 0 0 1 2 14.5v-13ZM3.5 2v10h4V2h-4Zm2 11a.75.75 0 1 0 0 1.5.75.75 0 0 0 0-1.5Z" />
        <path d="M13 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm0 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
      </svg>
    </span>
  );
}
