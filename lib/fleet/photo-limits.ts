/** Largest photo file accepted for a driver or vehicle, in bytes (the console checks it before sending). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
