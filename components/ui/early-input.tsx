'use client';

import { useLayoutEffect } from 'react';
import { useHydrationStore } from './hydration-store';

/*
 * A page is server HTML before its scripts run (on the pages the front door
 * serves from memory they are requested after the first paint:
 * lib/http/front/scripts-after-paint.ts), so a rider can type a pickup, pick a time
 * or tick a box before React takes the form over. React keeps what is in the
 * field but its state still holds the server's value, so the next render puts
 * that back and the typing is lost. This hands each such change to the form
 * once hydrated, as the event the rider's input would have fired.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
export type EarlyChange = { field: Field; value?: string; checked?: boolean };

const NOT_TYPED = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image']);

/** A select whose choice is not the HTML's: the option marked selected, or (none marked) the first one a one-line select shows. */
function selectChanged(select: HTMLSelectElement): boolean {
  const options = Array.from(select.options);
  if (select.multiple || select.size > 1) return options.some((option) => option.selected !== option.defaultSelected);
  const marked = options.findIndex((option) => option.defaultSelected);
  return select.selectedIndex !== (marked === -1 ? options.findIndex((option) => !option.disabled) : marked);
}

/** The fields under `root` whose state differs from the server HTML's (what was typed, picked or ticked before hydration). */
export function changedBeforeHydration(root: ParentNode): EarlyChange[] {
  const changes: EarlyChange[] = [];
  for (const field of Array.from(root.querySelectorAll<Field>('input, textarea, select'))) {
    if (field instanceof HTMLSelectElement) {
      if (selectChanged(field)) changes.push({ field, value: field.value });
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // of a radio group only the newly checked one is replayed
      if (field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked)) changes.push({ field, checked: field.checked });
    } else if (!(field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) && field.value !== field.defaultValue) {
      changes.push({ field, value: field.value });
    }
  }
  return changes;
}

/** Sets the value past React's value tracker (the element's prototype setter), so React sees the next event as a change. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/** Fires, for each change, the event React's onChange listens to, with the field holding the early value. */
export function replayEarlyChanges(changes: EarlyChange[]): void {
  for (const { field, value, checked } of changes) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = value!;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (checked !== undefined && field instanceof HTMLInputElement) {
      // through React's tracker to the other state, then a real click back to the rider's
      field.checked = !checked;
      field.click();
    } else {
      // React's tracker holds what React rendered; the field gets the rider's text past it, then an input event
      field.value = field.defaultValue;
      setNativeValue(field as HTMLInputElement | HTMLTextAreaElement, value!);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

const EVENTS = ['input', 'change', 'click'] as const;

/**
 * Mounted once per page (the locale layout). On hydration (not on a client
 * render after a navigation: nothing there predates the scripts) it reads the
 * early changes as hydration commits, and replays them a task later, so that an
 * event in flight finishes first: a select's input event makes React hydrate
 * at once, and the change event that follows in the same task is React's own;
 * a field that got an event after the read is left to React.
 */
export function EarlyInput() {
  // false only in a hydration's render (components/ui/hydration-store.ts)
  const hydrating = !useHydrationStore((s) => s.hydrated);
  useLayoutEffect(() => {
    if (!hydrating) return;
    const early = changedBeforeHydration(document);
    if (!early.length) return;
    const touched = new Set<EventTarget>();
    const seen = (event: Event) => {
      if (event.target) touched.add(event.target);
    };
    const stopWatching = () => {
      for (const type of EVENTS) document.removeEventListener(type, seen, true);
    };
    for (const type of EVENTS) document.addEventListener(type, seen, true);
    const timer = setTimeout(() => {
      stopWatching();
      replayEarlyChanges(early.filter((change) => !touched.has(change.field)));
    }, 0);
    return () => {
      clearTimeout(timer);
      stopWatching();
    };
    // once, on the mount: `hydrating` is only true in the hydration's render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
