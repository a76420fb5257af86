/** The Total / Online / Offline counters of a fleet list. */
export type FleetCounters = { total: number; online: number; offline: number };

export function countersOf(list: readonly { online: boolean }[]): FleetCounters {
  const online = list.filter((item) => item.online).length;
  return { total: list.length, online, offline: list.length - online };
}
