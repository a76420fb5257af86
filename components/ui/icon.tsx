import { createElement } from 'react';
import type { IconNode } from 'lucide';

/**
 * A lucide icon (the one icon set of the site: only the icons imported are bundled) drawn as
 * plain SVG. It holds no state, so server components draw it without sending any code to the
 * browser. Decorative: the text beside it names the action.
 */
export function Icon({ icon, size = 20, strokeWidth = 2, className }: { icon: IconNode; size?: number; strokeWidth?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {icon.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))}
    </svg>
  );
}
