import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logger } from '@/lib/log';
import { decodePlaceFile, encodePlaceFile, PlaceFileError } from '@/lib/places/index-file';
import { placeIndexPath } from '@/lib/places/package-data';
import { placeSourcesFingerprint, readPlaceFile } from '@/lib/places/place-data';
import { loadPlaceIndex, placeIndexOf } from '@/lib/places/place-index';
import { searchPlaceIndex } from '@/lib/places/place-search';

let dir: string;
beforeAll(async () => {
  await loadPlaceIndex();
  dir = mkdtempSync(path.join(tmpdir(), 'place-file-'));
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const reason = (bytes: Buffer, fingerprint = placeSourcesFingerprint()) => {
  try {
    decodePlaceFile(bytes, fingerprint);
    return 'read';
  } catch (error) {
    return error instanceof PlaceFileError ? error.reason : 'thrown';
  }
};

describe('the place index file', () => {
  const small = () => encodePlaceFile('test', { n: 3 }, { a: Float64Array.of(1.5, 2.5, 3.5), b: Uint8Array.of(7, 8, 9), c: Int32Array.of(-1, 4) });

  test('columns come back as they went in, as views of the file', () => {
    const file = decodePlaceFile(small(), 'test');
    expect(Array.from(file.column('a', Float64Array))).toEqual([1.5, 2.5, 3.5]);
    expect(Array.from(file.column('b', Uint8Array))).toEqual([7, 8, 9]);
    expect(Array.from(file.column('c', Int32Array))).toEqual([-1, 4]);
    expect(file.meta).toEqual({ n: 3 });
    expect(() => file.column('a', Int32Array)).toThrow(PlaceFileError);
  });

  test('a flipped bit, a truncated file or another file is corrupt; other sources or format are stale', () => {
    const bytes = readFileSync(placeIndexPath());
    expect(reason(bytes)).toBe('read');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)] ^= 1;
    expect(reason(flipped)).toBe('corrupt');
    expect(reason(bytes.subarray(0, bytes.length - 8))).toBe('corrupt');
    expect(reason(bytes.subarray(0, 10))).toBe('corrupt');
    expect(reason(Buffer.from('{"not":"a place index"}'))).toBe('corrupt');
    expect(reason(bytes, placeSourcesFingerprint().replace(/^format \d+/, 'format 0'))).toBe('stale');
  });

  test('a damaged file at start is logged and rebuilt, and the rebuilt file is the one in use (else raise PLACE_INDEX_FORMAT)', async () => {
    const inUse = readFileSync(placeIndexPath());
    const damaged = path.join(dir, 'place-index.bin');
    writeFileSync(damaged, inUse.subarray(0, inUse.length >> 1));
    const warn = jest.spyOn(logger, 'warn');
    const file = await readPlaceFile(damaged);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ file: damaged, reason: 'corrupt' }), expect.stringContaining('damaged'));
    warn.mockRestore();
    const rebuilt = readFileSync(damaged);
    // the code changed what it builds but the format was not raised: every existing file would be used as it is
    expect(rebuilt.equals(inUse)).toBe(true);
    expect(searchPlaceIndex(placeIndexOf(file), 'MAA', { country: 'IN' })[0]).toMatchObject({ code: 'MAA' });
  }, 300_000);
});
