/**
 * Spec section 3: a device is shown with an "another devices" icon, which Blueprint's icon set lacks:
 * a tablet with a phone beside it, drawn on Blueprint's 16-unit grid in the current text colour.
 */
export function AnotherDevicesIcon({ size = 16, className }: { size?: number; className?: string }) {
  return (
    <span className={['bp6-icon', className].filter(Boolean).join(' ')} aria-hidden="true">
      <svg width={size} height={size} viewBox="0 0 16 16" fill="currentColor">
        <path d="M1 3a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v1h-1.5V3.5h-8v8H7V13H2a1 1 0 0 1-1-1V3z" />
        <path d="M9 6a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1V6zm1.5.5v6h3v-6h-3zM11.25 13.25h1.5v.75h-1.5z" />
      </svg>
    </span>
  );
}
