import type { ReactNode } from 'react';

/**
 * A phone number as people read it, "+91 98765 00011", kept left to right on a right-to-left page (its own
 * direction isolates it: Arabic would otherwise show "98765 00011 91+"), linked for a call when `e164` is given.
 */
export function PhoneNumber({ display, e164, className, label }: { display: ReactNode; e164?: string; className?: string; label?: string }) {
  if (!e164)
    return (
      <span dir="ltr" className={className}>
        {display}
      </span>
    );
  return (
    <a href={`tel:${e164}`} dir="ltr" className={className} aria-label={label}>
      {display}
    </a>
  );
}
