import { Section, SectionCard } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';

interface CollapsibleSectionProps {
  title: string;
  defaultOpen?: boolean;
  /** Opens the section whatever the user chose, e.g. while a field in it has an error. */
  forceOpen?: boolean;
  children: ReactNode;
}

/** A titled group of a form's fields that folds away while it is not needed. */
export function CollapsibleSection({ title, defaultOpen = false, forceOpen = false, children }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Section compact collapsible title={title} collapseProps={{ isOpen: open || forceOpen, onToggle: () => setOpen(!(open || forceOpen)) }} className="ws-client__form-section">
      <SectionCard>{children}</SectionCard>
    </Section>
  );
}
