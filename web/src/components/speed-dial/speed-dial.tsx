import { Button } from '@blueprintjs/core';
import { type FocusEvent, type KeyboardEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import './speed-dial.css';

/** Spec section 9: the speed dial closes this long after focus leaves it (focus may come straight back). */
export const SPEED_DIAL_CLOSE_DELAY_MS = 100;

export interface SpeedDialAction {
  label: string;
  icon: ReactElement;
  onClick: () => void;
}

interface SpeedDialProps {
  /** The trigger's accessible name. */
  label: string;
  icon: ReactElement;
  actions: SpeedDialAction[];
}

/**
 * A button that unfolds a short row of actions (spec section 4: closes 100 ms after focus leaves).
 * Escape closes it and gives focus back to the trigger.
 */
export function SpeedDial({ label, icon, actions }: SpeedDialProps) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    closeTimer.current = setTimeout(() => setOpen(false), SPEED_DIAL_CLOSE_DELAY_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    trigger.current?.focus();
  }

  return (
    <div className="speed-dial" onBlur={onBlur} onFocus={() => clearTimeout(closeTimer.current)} onKeyDown={onKeyDown}>
      <Button ref={trigger} icon={icon} aria-label={label} title={label} aria-expanded={open} onClick={() => setOpen((shown) => !shown)} />
      {open && (
        <div className="speed-dial__actions" role="group" aria-label={label}>
          {actions.map((action) => (
            <Button
              key={action.label}
              icon={action.icon}
              aria-label={action.label}
              title={action.label}
              onClick={() => {
                setOpen(false);
                action.onClick();
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
