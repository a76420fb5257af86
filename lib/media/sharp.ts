import 'server-only';
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded the first time an image is read or drawn rather than at start-up: its native
 * library costs about 150 ms and 30 MiB of resident memory to load, and most processes of a
 * busy site never draw an image (docs/architecture/memory.md#packages-loaded-on-first-use).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  loading.catch(() => (loading = undefined));
  return loading;
}
