import { clampSheetHeight, SHEET, snapSheetHeight } from '@/lib/ui/sheet';

describe('bottom sheet heights (dvh)', () => {
  it.each([
    [86, 85],
    [66, 85],
    [65, 50],
    [50, 50],
    [45, 50],
    [44.9, 30],
    [10, 30],
  ])('a drag ending at %s snaps to %s', (height, snapped) => {
    expect(snapSheetHeight(height)).toBe(snapped);
  });
  it('clamps the live height to 30..85', () => {
    expect(clampSheetHeight(10)).toBe(30);
    expect(clampSheetHeight(99)).toBe(85);
    expect(clampSheetHeight(60)).toBe(60);
  });
  it('keeps the spec defaults', () => {
    expect(SHEET).toMatchObject({ DEFAULT: 50, SIGNUP: 42, SNAP_POINTS: [30, 50, 85] });
  });
});
