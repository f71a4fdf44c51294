import type { ReactNode } from 'react';

/** The few icons the public pages need, drawn here so the sign-in page loads no icon library. */
type IconProps = { className?: string };

function Icon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg className={className ? `public-icon ${className}` : 'public-icon'} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function SignInIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 8h8M7 5l3 3-3 3M10 2h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-3" />
    </Icon>
  );
}

export function ShowIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M1 8s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5z" />
      <circle cx="8" cy="8" r="2" />
    </Icon>
  );
}

export function HideIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M1 8s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5zM2 2l12 12" />
      <circle cx="8" cy="8" r="2" />
    </Icon>
  );
}
