/*
 * Builds the land table of ./land-cells from the place gazetteer (towns, airports, localities):
 * which countries have a place in each grid cell, and which cells lie on a landmass of their own.
 * Two cells are on one landmass when a chain of occupied cells links them with no gap wider than
 * LAND_GAP_KM; a stretch of sea that wide with no town or airport on it is taken for the lack of a
 * road. See README "Trips must be drivable" for what this finds and what it cannot.
 */

/** Grid cell size (degrees of latitude and longitude). */
export const LAND_CELL_DEGREES = 0.25;
/** The widest gap (km) between places that still counts as land between them. */
export const LAND_GAP_KM = 150;
/** The two largest landmasses (Afro-Eurasia with Australia's east, the Americas) are the mainland: id 0. */
const MAINLANDS = 2;

const COLUMNS = 360 / LAND_CELL_DEGREES;
const KM_PER_DEGREE = 111.2;

export type LandPoint = { lat: number; lng: number; country: string };

export function cellOf(lat: number, lng: number): number {
  const row = Math.floor((lat + 90) / LAND_CELL_DEGREES);
  const column = Math.floor(((((lng + 180) % 360) + 360) % 360) / LAND_CELL_DEGREES);
  return row * COLUMNS + Math.min(COLUMNS - 1, column);
}

const rowOf = (cell: number) => Math.floor(cell / COLUMNS);
const columnOf = (cell: number) => cell % COLUMNS;
const latOfRow = (row: number) => (row + 0.5) * LAND_CELL_DEGREES - 90;
/** Cosine of the latitude nearer the equator of two rows (east-west km per degree, never below 2 %). */
const widthFactor = (a: number, b: number) => Math.max(0.02, Math.cos((Math.min(Math.abs(latOfRow(a)), Math.abs(latOfRow(b))) * Math.PI) / 180));

/** Sorted cell ids as runs: "delta[+length]" in base 36, comma separated (delta from the previous run's end). */
export function encodeCells(cells: number[]): string {
  const parts: string[] = [];
  let previous = 0;
  for (let i = 0; i < cells.length;) {
    let j = i;
    while (j + 1 < cells.length && cells[j + 1] === cells[j] + 1) j++;
    parts.push((cells[i] - previous).toString(36) + (j > i ? `+${(j - i).toString(36)}` : ''));
    previous = cells[j];
    i = j + 1;
  }
  return parts.join(',');
}

export function decodeCells(text: string): number[] {
  const cells: number[] = [];
  let previous = 0;
  for (const part of text.split(',')) {
    if (!part) continue;
    const [delta, run] = part.split('+');
    const start = previous + parseInt(delta, 36);
    const length = run ? parseInt(run, 36) : 0;
    for (let cell = start; cell <= start + length; cell++) cells.push(cell);
    previous = start + length;
  }
  return cells;
}

/** Shortest distance (km) between two cells' rectangles, near enough for a 150 km threshold. */
function gapKm(a: number, b: number): number {
  const rows = Math.max(0, Math.abs(rowOf(a) - rowOf(b)) - 1);
  let columns = Math.abs(columnOf(a) - columnOf(b));
  columns = Math.max(0, Math.min(columns, COLUMNS - columns) - 1);
  return Math.hypot(rows, columns * widthFactor(rowOf(a), rowOf(b))) * LAND_CELL_DEGREES * KM_PER_DEGREE;
}

/** Landmass of each occupied cell: union-find over cells closer than LAND_GAP_KM. */
function landmasses(cells: number[]): Map<number, number> {
  const at = new Map(cells.map((cell, i) => [cell, i]));
  const parent = Int32Array.from(cells, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const rowSpan = Math.ceil(LAND_GAP_KM / (KM_PER_DEGREE * LAND_CELL_DEGREES)) + 1;
  cells.forEach((cell, i) => {
    const row = rowOf(cell);
    for (let r = row - rowSpan; r <= row + rowSpan; r++) {
      const columnSpan = Math.min(COLUMNS / 2, Math.ceil(LAND_GAP_KM / (KM_PER_DEGREE * LAND_CELL_DEGREES * widthFactor(row, r))) + 1);
      for (let c = columnOf(cell) - columnSpan; c <= columnOf(cell) + columnSpan; c++) {
        const j = at.get(r * COLUMNS + (((c % COLUMNS) + COLUMNS) % COLUMNS));
        if (j === undefined || j <= i || gapKm(cell, cells[j]) > LAND_GAP_KM) continue;
        const [a, b] = [find(i), find(j)];
        if (a !== b) parent[a] = b;
      }
    }
  });
  const members = new Map<number, number[]>();
  cells.forEach((cell, i) => {
    const root = find(i);
    const list = members.get(root);
    if (list) list.push(cell);
    else members.set(root, [cell]);
  });
  const bySize = [...members.values()].sort((a, b) => b.length - a.length || a[0] - b[0]);
  const id = new Map<number, number>();
  bySize.forEach((list, rank) => {
    for (const cell of list) id.set(cell, rank < MAINLANDS ? 0 : rank - MAINLANDS + 1);
  });
  return id;
}

/** The table's two texts: countries by cell ("IN:runs" lines) and landmasses other than the mainland ("id:runs" lines). */
export function buildLandTable(points: Iterable<LandPoint>): { countries: string; islands: string } {
  const byCountry = new Map<string, Set<number>>();
  const occupied = new Set<number>();
  for (const { lat, lng, country } of points) {
    const cell = cellOf(lat, lng);
    occupied.add(cell);
    let set = byCountry.get(country);
    if (!set) byCountry.set(country, (set = new Set()));
    set.add(cell);
  }
  const sorted = (set: Iterable<number>) => [...set].sort((a, b) => a - b);
  const countries = [...byCountry.keys()]
    .sort()
    .map((code) => `${code}:${encodeCells(sorted(byCountry.get(code)!))}`)
    .join('\n');
  const islandCells = new Map<number, number[]>();
  for (const [cell, land] of landmasses(sorted(occupied))) {
    if (land === 0) continue;
    const list = islandCells.get(land);
    if (list) list.push(cell);
    else islandCells.set(land, [cell]);
  }
  const islands = [...islandCells.keys()]
    .sort((a, b) => a - b)
    .map((land) => `${land}:${encodeCells(sorted(islandCells.get(land)!))}`)
    .join('\n');
  return { countries, islands };
}
