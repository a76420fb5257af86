/** Bottom-sheet heights in dvh (docs/requirements/rider.md#numbers-the-screens-use). */
export const SHEET = { DEFAULT: 50, SIGNUP: 42, MIN: 30, MAX: 85, SNAP_POINTS: [30, 50, 85] } as const;

/** Live height while dragging, clamped to 30..85. */
export function clampSheetHeight(height: number): number {
  return Math.min(SHEET.MAX, Math.max(SHEET.MIN, height));
}

/** Height after a drag: above 65 snaps to 85, below 45 to 30, else 50. */
export function snapSheetHeight(height: number): number {
  if (height > 65) return 85;
  if (height < 45) return 30;
  return 50;
}
