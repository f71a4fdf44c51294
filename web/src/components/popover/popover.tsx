import { Button, Classes, mergeRefs, PopoverNext, type PopoverNextPlacement } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { type ReactElement, type ReactNode, type SyntheticEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import './popover.css';

/** Spec section 9: the popover fades in and out in 0.2 s. */
export const POPOVER_TRANSITION_MS = 200;

/**
 * Spec section 4: a popover shows on hover, focus or click.
 * - click: the target toggles it;
 * - hover: pointing at the target (or focusing it with the keyboard) shows it, leaving hides it;
 * - focus: focusing the target shows it, and it stays until closed.
 */
export type PopoverTrigger = 'click' | 'hover' | 'focus';

export interface PopoverProps {
  /** The element the popover points at. */
  children: ReactElement;
  content: ReactNode;
  trigger?: PopoverTrigger;
  /** Spec section 9: on by default. */
  showCloseButton?: boolean;
  placement?: PopoverNextPlacement;
  /** Extra class of the popover box, e.g. to set its width. */
  className?: string;
}

/**
 * The console's popover over Blueprint's (spec sections 4 and 9): an arrow, a close button, a 0.2 s
 * animation and z-index 1030. A click outside closes it; Blueprint's overlay stack keeps it open when
 * the click lands in another overlay on top of it (e.g. a dialog opened from the popover).
 */
export function Popover({ children, content, trigger = 'click', showCloseButton = true, placement, className }: PopoverProps) {
  const intl = useIntl();
  const [isOpen, setOpen] = useState(false);
  const targetRef = useRef<HTMLSpanElement>(null);

  const onInteraction = (nextOpen: boolean, event?: SyntheticEvent<HTMLElement>) => {
    // A focus popover opened by a mouse press would close on the click that follows the focus.
    const fromTarget = event !== undefined && targetRef.current?.contains(event.target as Node) === true;
    if (trigger === 'focus' && !nextOpen && fromTarget) return;
    setOpen(nextOpen);
  };

  const body = (
    <div className="popover__body">
      {showCloseButton && (
        <Button
          className={`popover__close ${Classes.POPOVER_DISMISS}`}
          variant="minimal"
          size="small"
          icon={<CrossIcon />}
          aria-label={intl.formatMessage({ id: 'common.close' })}
        />
      )}
      <div className="popover__content">{content}</div>
    </div>
  );

  return (
    <PopoverNext
      content={body}
      isOpen={isOpen}
      onInteraction={onInteraction}
      interactionKind={trigger === 'hover' ? 'hover' : 'click'}
      placement={placement}
      arrow
      transitionDuration={POPOVER_TRANSITION_MS}
      portalClassName="popover-portal"
      popoverClassName={className}
      // The target is wrapped in a span of our own so that a focus popover can tell its own target's clicks apart.
      renderTarget={({ isOpen: _isOpen, ref, ...targetProps }) => (
        <span
          {...targetProps}
          ref={mergeRefs(ref, targetRef)}
          onFocus={trigger === 'focus' ? () => setOpen(true) : targetProps.onFocus}
        >
          {children}
        </span>
      )}
    />
  );
}
