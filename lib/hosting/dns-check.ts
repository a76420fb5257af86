import { Resolver } from 'node:dns';
import { env } from '@/lib/env';

/** Why a TXT check failed, in words a console can translate (DomainSettings.check.*). */
export type DnsFailure = 'nxdomain' | 'missing_txt' | 'wrong_token' | 'timeout' | 'dns_error';

export type TxtCheck = { ok: true } | { ok: false; reason: DnsFailure; detail: string };

export type DnsOptions = { servers?: string[]; timeoutMs?: number };

/** The resolver settings from env: DNS_SERVERS (else the system's) and DNS_TIMEOUT_MS. */
export function dnsOptions(): DnsOptions {
  const config = env();
  return {
    servers: config.DNS_SERVERS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    timeoutMs: config.DNS_TIMEOUT_MS,
  };
}

/** TXT strings at a name, each record's chunks joined (RFC 7208 §3.3). */
export function lookupTxt(name: string, options: DnsOptions = dnsOptions()): Promise<string[]> {
  const timeoutMs = options.timeoutMs ?? 4000;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (options.servers?.length) resolver.setServers(options.servers);
  return new Promise<string[]>((resolve, reject) => {
    // c-ares retries with back-off across servers; the whole lookup gets one deadline
    const timer = setTimeout(() => {
      resolver.cancel();
      reject(Object.assign(new Error(`queryTxt ETIMEOUT ${name}`), { code: 'ETIMEOUT' }));
    }, timeoutMs + 250);
    resolver.resolveTxt(name, (error, records) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(records.map((chunks) => chunks.join('')));
    });
  });
}

function failureOf(error: unknown): DnsFailure {
  const code = (error as { code?: string })?.code;
  if (code === 'ENOTFOUND') return 'nxdomain';
  if (code === 'ENODATA') return 'missing_txt';
  if (code === 'ETIMEOUT' || code === 'ECANCELLED') return 'timeout';
  return 'dns_error';
}

/**
 * Looks for `{prefix}{token}` among the TXT records at `name`: ok, or exactly
 * what was wrong (no such name, no TXT record of ours, another token, no
 * answer in time, or another resolver error with its code).
 */
export async function checkTxtToken(name: string, prefix: string, token: string, options?: DnsOptions): Promise<TxtCheck> {
  let records: string[];
  try {
    records = await lookupTxt(name, options);
  } catch (error) {
    const reason = failureOf(error);
    return { ok: false, reason, detail: (error as { code?: string })?.code ?? String(error) };
  }
  const ours = records.filter((r) => r.trim().startsWith(prefix));
  if (ours.some((r) => r.trim() === `${prefix}${token}`)) return { ok: true };
  if (ours.length)
    return {
      ok: false,
      reason: 'wrong_token',
      detail: ours
        .map((r) => r.trim())
        .join(', ')
        .slice(0, 300),
    };
  return { ok: false, reason: 'missing_txt', detail: records.length ? `${records.length} other TXT record(s)` : 'no TXT record' };
}
