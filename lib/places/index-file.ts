import { crc32 } from 'node:zlib';

/**
 * The place index file: `TXPLACES`, a CRC-32 of everything after it, the length of a JSON header, the
 * header (fingerprint of what it was built from, small figures, and where each column lies), then the
 * columns, each at a multiple of 8 bytes so it is viewed in place as its typed array (no copy).
 */
const MAGIC = 'TXPLACES';
const PREFIX_BYTES = 16;

const TYPES = { Int32Array, Uint32Array, Float64Array, Uint8Array, Uint16Array };
type TypeName = keyof typeof TYPES;
export type Column = Int32Array | Uint32Array | Float64Array | Uint8Array | Uint16Array;

type Header = { fingerprint: string; meta: Record<string, unknown>; columns: Record<string, [TypeName, number, number]> };

/** Why a file cannot be used: not the data this code builds (`stale`), or damaged (`corrupt`). */
export class PlaceFileError extends Error {
  constructor(
    readonly reason: 'stale' | 'corrupt',
    message: string,
  ) {
    super(message);
  }
}

export type PlaceFile = {
  meta: Record<string, unknown>;
  /** A column as its typed array, a view into the file. */
  column: <T extends Column>(name: string, type: new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T) => T;
  /** A column of bytes as a Buffer (for UTF-8 text), a view into the file. */
  bytes: (name: string) => Buffer;
  byteLength: number;
};

const align8 = (n: number) => Math.ceil(n / 8) * 8;

function typeName(column: Column): TypeName {
  const name = (column.constructor.name === 'Buffer' ? 'Uint8Array' : column.constructor.name) as TypeName;
  if (!(name in TYPES)) throw new Error(`no column type ${name}`);
  return name;
}

export function encodePlaceFile(fingerprint: string, meta: Record<string, unknown>, columns: Record<string, Column>): Buffer {
  let offset = 0;
  const layout: Header['columns'] = {};
  for (const [name, column] of Object.entries(columns)) {
    layout[name] = [typeName(column), offset, column.length];
    offset = align8(offset + column.byteLength);
  }
  const header = Buffer.from(JSON.stringify({ fingerprint, meta, columns: layout } satisfies Header), 'utf8');
  const start = align8(PREFIX_BYTES + header.length);
  const file = Buffer.alloc(start + offset);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(header.length, 12);
  header.copy(file, PREFIX_BYTES);
  for (const [name, column] of Object.entries(columns)) {
    file.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), start + layout[name][1]);
  }
  file.writeUInt32LE(crc32(file.subarray(12)), 8);
  return file;
}

/** The file's columns, once its checksum and fingerprint are right; throws PlaceFileError otherwise. */
export function decodePlaceFile(file: Buffer, fingerprint: string): PlaceFile {
  if (file.length < PREFIX_BYTES || file.toString('latin1', 0, 8) !== MAGIC) throw new PlaceFileError('corrupt', 'not a place index file');
  if (crc32(file.subarray(12)) !== file.readUInt32LE(8)) throw new PlaceFileError('corrupt', 'checksum mismatch (damaged or truncated)');
  const headerBytes = file.readUInt32LE(12);
  let header: Header;
  try {
    header = JSON.parse(file.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerBytes)) as Header;
  } catch {
    throw new PlaceFileError('corrupt', 'unreadable header');
  }
  if (header.fingerprint !== fingerprint) throw new PlaceFileError('stale', 'built from other sources or by another format');
  // typed arrays need their own alignment: a file read into a pooled buffer is copied once
  const whole = file.byteOffset % 8 === 0 ? file : Buffer.from(file);
  const start = align8(PREFIX_BYTES + headerBytes);
  for (const [name, [type, offset, length]] of Object.entries(header.columns ?? {})) {
    const fits = type in TYPES && Number.isInteger(offset) && Number.isInteger(length) && offset >= 0 && length >= 0 && offset % 8 === 0;
    if (!fits || start + offset + length * TYPES[type].BYTES_PER_ELEMENT > whole.length) throw new PlaceFileError('corrupt', `column ${name} out of bounds`);
  }
  const locate = (name: string): [TypeName, number, number] => {
    const found = header.columns[name];
    if (!found) throw new PlaceFileError('corrupt', `no column ${name}`);
    return found;
  };
  return {
    meta: header.meta,
    byteLength: whole.length,
    column: (name, type) => {
      const [typeNameFound, offset, length] = locate(name);
      if (TYPES[typeNameFound] !== (type as unknown)) throw new PlaceFileError('corrupt', `column ${name} is ${typeNameFound}`);
      return new type(whole.buffer, whole.byteOffset + start + offset, length);
    },
    bytes: (name) => {
      const [, offset, length] = locate(name);
      return whole.subarray(start + offset, start + offset + length);
    },
  };
}
