import { eachListedBetween, packKeyedLists, type KeyedLists } from './packed';

/** A fixed-cell spatial grid over entry ids: nearby places without scanning the index. */
export const CELL_DEGREES = 0.2;

/** The cells' id lists by cell key, packed (see ./packed). */
export type Grid = KeyedLists;
/** A grid being filled; `packGrid` turns it into a Grid. */
export type GridBuilder = Map<number, number[]>;

const cellOf = (lat: number, lng: number) => [Math.floor((lat + 90) / CELL_DEGREES), Math.floor((lng + 180) / CELL_DEGREES)] as const;
const keyOf = (row: number, col: number) => row * 10_000 + col;

export function addToGrid(grid: GridBuilder, id: number, lat: number, lng: number): void {
  const [row, col] = cellOf(lat, lng);
  const key = keyOf(row, col);
  const cell = grid.get(key);
  if (cell) cell.push(id);
  else grid.set(key, [id]);
}

export const packGrid = (grid: GridBuilder): Grid => packKeyedLists(grid);

/** Ids in the cells within `radiusKm` of a point (a square, a little more than the circle). */
export function idsNear(grid: Grid, point: { lat: number; lng: number }, radiusKm: number, visit: (id: number) => void): void {
  const [row, col] = cellOf(point.lat, point.lng);
  const rows = Math.ceil(radiusKm / (111 * CELL_DEGREES));
  const cols = Math.min(20, Math.ceil(radiusKm / (111 * CELL_DEGREES * Math.max(0.05, Math.cos((point.lat * Math.PI) / 180)))));
  for (let r = row - rows; r <= row + rows; r++) eachListedBetween(grid, keyOf(r, col - cols), keyOf(r, col + cols), visit);
}
