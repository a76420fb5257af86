'use client';

import { useEffect, useRef, type RefObject } from 'react';

/**
 * A popover's way out, while `open`: a pointer pressed outside every element of
 * `inside` (the popover and the button that opens it) calls `close`; with
 * `escapeTo`, Escape anywhere calls `close` too and gives the focus back to that
 * element (the opening button), as a menu or a dialog does. Without it the
 * caller handles its own keys (a menu's arrows, Escape and Tab).
 */
export function useDismiss(open: boolean, close: () => void, inside: readonly RefObject<HTMLElement | null>[], escapeTo?: RefObject<HTMLElement | null>): void {
  const latest = useRef({ close, inside, escapeTo });
  useEffect(() => {
    latest.current = { close, inside, escapeTo };
  });
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!latest.current.inside.some((ref) => ref.current?.contains(target))) latest.current.close();
    };
    const onKey = (event: KeyboardEvent) => {
      const { escapeTo: focus } = latest.current;
      if (event.key !== 'Escape' || !focus) return;
      latest.current.close();
      focus.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
}
