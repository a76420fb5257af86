import { domainToASCII } from 'node:url';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, operatorDomains, type OperatorDomain } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { env } from '@/lib/env';
import { DomainError } from '@/lib/errors/domain-error';
import { newToken } from '@/lib/crypto/tokens';
import { platformHost } from '@/lib/tenancy/platform';
import type { Tenant } from '@/lib/tenancy/queries';
import { checkTxtToken, type DnsFailure, type DnsOptions } from './dns-check';

/** The label under the domain that holds the proof, and the TXT value's prefix. */
export const TXT_LABEL = '_travelsx-verify';
export const TXT_PREFIX = 'travelsx-verify=';

/** Refusals of a domain, each naming the field (`domain`) with a code the console translates (DomainSettings.errors.*). */
const domainError = (kind: 'invalid' | 'conflict' | 'not_found', code: string, message: string) => new DomainError(kind, code, `domain: ${message}`, 'domain');

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * A domain as typed ("Cabs.Example", "cabs.example.", "www.cabs.example",
 * "ಕ್ಯಾಬ್.example") to the stored form: lower-case ASCII (punycode), no
 * trailing dot, no leading "www." (both answer). Anything with a scheme, path,
 * port, space or a bad label is refused.
 */
export function normaliseDomain(input: string): string {
  const raw = input.trim().toLowerCase().replace(/\.$/, '');
  if (!raw || raw.length > 253 || /[/:@?#\s\\]/.test(raw))
    throw domainError('invalid', 'domain_malformed', 'Enter a domain name such as cabs.example, without https:// or a path.');
  const ascii = domainToASCII(raw);
  if (!ascii) throw domainError('invalid', 'domain_malformed', 'Enter a domain name such as cabs.example, without https:// or a path.');
  const host = ascii.replace(/^www\./, '');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels[labels.length - 1]) || host.length > 253) {
    throw domainError('invalid', 'domain_malformed', 'Enter a domain name such as cabs.example, without https:// or a path.');
  }
  return host;
}

/** The platform's own hosts and everything under them: never an operator's own domain. */
function platformHosts(): string[] {
  const config = env();
  return [platformHost(config), config.TRAVEL_HOST, config.MAIN_HOST, config.AGGREGATOR_HOST, 'localhost'].filter((h): h is string => Boolean(h));
}

function isPlatformDomain(domain: string): boolean {
  return platformHosts().some((host) => domain === host || domain.endsWith(`.${host}`));
}

export type DnsRecord = { type: 'CNAME' | 'TXT'; name: string; value: string };

/** The records the operator adds at its DNS provider: the CNAME that sends the domain here, the TXT that proves it is theirs. */
export function dnsRecords(claim: Pick<OperatorDomain, 'domain' | 'token'>): DnsRecord[] {
  return [
    { type: 'CNAME', name: claim.domain, value: platformHost() },
    { type: 'TXT', name: `${TXT_LABEL}.${claim.domain}`, value: `${TXT_PREFIX}${claim.token}` },
  ];
}

export type DomainView = {
  /** The claimed domain, or null when the operator has none. */
  domain: string | null;
  verified: boolean;
  verifiedAt: string | null;
  checkedAt: string | null;
  lastError: DnsFailure | null;
  records: DnsRecord[];
  /** The domain that serves the rider site now (the last verified one), or null. */
  live: string | null;
};

export async function readDomain(db: Db, tenant: Pick<Tenant, 'id'>): Promise<DomainView> {
  const [[claim], [business]] = await Promise.all([
    db.select().from(operatorDomains).where(eq(operatorDomains.businessId, tenant.id)).limit(1),
    db.select({ domain: businesses.domain }).from(businesses).where(eq(businesses.id, tenant.id)).limit(1),
  ]);
  return {
    domain: claim?.domain ?? null,
    verified: Boolean(claim?.verifiedAt),
    verifiedAt: claim?.verifiedAt?.toISOString() ?? null,
    checkedAt: claim?.checkedAt?.toISOString() ?? null,
    lastError: (claim?.lastError as DnsFailure | null) ?? null,
    records: claim ? dnsRecords(claim) : [],
    live: business?.domain ?? null,
  };
}

async function heldByAnother(db: Db, domain: string, businessId: number): Promise<boolean> {
  const [live] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.domain, domain), ne(businesses.id, businessId)))
    .limit(1);
  if (live) return true;
  const [verified] = await db
    .select({ id: operatorDomains.businessId })
    .from(operatorDomains)
    .where(and(eq(operatorDomains.domain, domain), isNotNull(operatorDomains.verifiedAt), ne(operatorDomains.businessId, businessId)))
    .limit(1);
  return Boolean(verified);
}

const takenError = () => domainError('conflict', 'domain_taken', 'Another operator already uses this domain.');

/**
 * Claims a domain for the operator (or keeps the claim when it is the same):
 * a fresh TXT token, not yet verified. The domain that serves the rider site
 * now keeps serving it until the new one is verified.
 */
export async function claimDomain(db: Db, tenant: Pick<Tenant, 'id'>, input: string): Promise<DomainView> {
  const domain = normaliseDomain(input);
  if (isPlatformDomain(domain)) throw domainError('invalid', 'domain_platform', "This is the platform's own address; enter a domain you own.");
  if (await heldByAnother(db, domain, tenant.id)) throw takenError();
  const [current] = await db.select().from(operatorDomains).where(eq(operatorDomains.businessId, tenant.id)).limit(1);
  if (current?.domain !== domain) {
    const values = { domain, token: newToken().slice(0, 32), verifiedAt: null, checkedAt: null, lastError: null, createdAt: new Date() };
    await db
      .insert(operatorDomains)
      .values({ businessId: tenant.id, ...values })
      .onConflictDoUpdate({ target: operatorDomains.businessId, set: values });
  }
  return readDomain(db, tenant);
}

/** Drops the claim; the rider site goes back to the platform subdomain. Answers whether a live domain was dropped. */
export async function removeDomain(db: Db, tenant: Pick<Tenant, 'id'>): Promise<{ hadLive: boolean }> {
  return db.transaction(async (tx) => {
    await tx.delete(operatorDomains).where(eq(operatorDomains.businessId, tenant.id));
    const [before] = await tx.select({ domain: businesses.domain }).from(businesses).where(eq(businesses.id, tenant.id)).limit(1);
    await tx.update(businesses).set({ domain: null }).where(eq(businesses.id, tenant.id));
    return { hadLive: Boolean(before?.domain) };
  });
}

const CHECK_MESSAGES: Record<DnsFailure, string> = {
  nxdomain: 'The DNS says this name does not exist (NXDOMAIN). Check the spelling, or wait until the domain is registered.',
  missing_txt: 'No TXT record with our token was found. Add the TXT record shown, then try again (changes can take up to an hour to appear).',
  wrong_token: 'A TXT record was found, but it holds another token. Copy the value shown here exactly.',
  timeout: 'The DNS server did not answer in time. Try again in a minute.',
  dns_error: 'The DNS lookup failed. Try again in a minute.',
};

/**
 * Checks the TXT record of the operator's claim through the resolver. On
 * success the domain serves the operator's rider site (businesses.domain);
 * on failure the claim records what was wrong and the answer is a 400 naming
 * the field and the reason.
 */
export async function verifyDomain(db: Db, tenant: Pick<Tenant, 'id'>, options?: DnsOptions): Promise<DomainView> {
  const [claim] = await db.select().from(operatorDomains).where(eq(operatorDomains.businessId, tenant.id)).limit(1);
  if (!claim) throw domainError('not_found', 'domain_none', 'Enter your domain first.');
  if (await heldByAnother(db, claim.domain, tenant.id)) throw takenError();
  const result = await checkTxtToken(`${TXT_LABEL}.${claim.domain}`, TXT_PREFIX, claim.token, options);
  const now = new Date();
  if (!result.ok) {
    await db.update(operatorDomains).set({ checkedAt: now, lastError: result.reason }).where(eq(operatorDomains.businessId, tenant.id));
    const error = domainError('invalid', `dns_${result.reason}`, CHECK_MESSAGES[result.reason]);
    throw error;
  }
  try {
    await db.transaction(async (tx) => {
      await tx.update(operatorDomains).set({ verifiedAt: now, checkedAt: now, lastError: null }).where(eq(operatorDomains.businessId, tenant.id));
      await tx.update(businesses).set({ domain: claim.domain }).where(eq(businesses.id, tenant.id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw takenError();
    throw error;
  }
  return readDomain(db, tenant);
}

/** Where the operator's console lives, before and after it verifies its own domain: {slug}.TRAVEL_HOST (with the server's port on localhost). */
export function consoleOriginOf(slug: string): string {
  const config = env();
  const host = `${slug}.${config.TRAVEL_HOST}`;
  const local = config.TRAVEL_HOST === 'localhost' || config.TRAVEL_HOST.endsWith('.localhost');
  const scheme = config.PUBLIC_ORIGIN_SCHEME ?? (local ? 'http' : 'https');
  return `${scheme}://${host}${local ? `:${config.PORT}` : ''}`;
}
