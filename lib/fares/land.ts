import type { LatLng } from '@/lib/road-distance/estimate';
import { cellOf, decodeCells, LAND_CELL_DEGREES } from './land-build';
import { LAND_COUNTRIES, LAND_ISLANDS } from './land-cells';

/*
 * Which country a point is in and which landmass it is on, from the gazetteer's grid (./land-build):
 * the countries with a place in its cell (a cell on a border has several), and 0 for the mainland or
 * the id of a landmass no road reaches.
 */

type Table = { countries: Map<number, string[]>; islands: Map<number, number> };
let table: Table | undefined;

function load(): Table {
  if (table) return table;
  const countries = new Map<number, string[]>();
  for (const line of LAND_COUNTRIES.split('\n')) {
    const [code, runs] = line.split(':');
    for (const cell of decodeCells(runs)) {
      const list = countries.get(cell);
      if (list) list.push(code);
      else countries.set(cell, [code]);
    }
  }
  const islands = new Map<number, number>();
  for (const line of LAND_ISLANDS.split('\n')) {
    const [id, runs] = line.split(':');
    for (const cell of decodeCells(runs)) islands.set(cell, Number(id));
  }
  return (table = { countries, islands });
}

/** The point's cell and its eight neighbours, own cell first (a point between towns takes its neighbours' data). */
function around({ lat, lng }: LatLng): number[] {
  const step = LAND_CELL_DEGREES;
  const cells = [cellOf(lat, lng)];
  for (const dLat of [-step, 0, step]) for (const dLng of [-step, 0, step]) if (dLat || dLng) cells.push(cellOf(lat + dLat, lng + dLng));
  return cells;
}

/** The countries (ISO alpha-2) of the places in and around a point's cell; empty where the gazetteer has none. */
export function countriesAt(point: LatLng): string[] {
  const { countries } = load();
  const own = countries.get(around(point)[0]);
  if (own) return own;
  return [...new Set(around(point).flatMap((cell) => countries.get(cell) ?? []))];
}

/** The landmass of a point: 0 for the mainland (or where nothing is known), else the id of a landmass of its own. */
export function landmassAt(point: LatLng): number {
  const { countries, islands } = load();
  for (const cell of around(point)) if (countries.has(cell)) return islands.get(cell) ?? 0;
  return 0;
}
