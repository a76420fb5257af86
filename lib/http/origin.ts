/**
 * Cross-site request check for state-changing requests: an Origin header, when
 * present, must name the host the request was sent to. Requests without Origin
 * (API clients, curl) carry no ambient browser credentials worth forging.
 */
export function isAllowedOrigin(origin: string | null | undefined, host: string | null | undefined): boolean {
  if (!origin) return true;
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

export function isCrossSiteFetch(secFetchSite: string | null | undefined): boolean {
  return secFetchSite === 'cross-site';
}
