import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { FLIGHT_PROVIDERS, operatorIntegrations, type FlightProviderName, type IntegrationKind, type OperatorIntegration } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { env } from '@/lib/env';
import { DomainError } from '@/lib/errors/domain-error';
import { maskSecret, reseal, seal, secretsKeyIsDevelopment, unseal } from '@/lib/crypto/secrets';
import { newToken } from '@/lib/crypto/tokens';
import type { Tenant } from '@/lib/tenancy/queries';

/*
 * An operator's own WhatsApp Cloud API number and PayU merchant account.
 * Secrets are sealed (AES-256-GCM, bound to the business and kind) and never
 * answered in full: the console sees the last four characters.
 */

const fieldError = (field: string, code: string, message: string, kind: 'invalid' | 'conflict' | 'not_found' = 'invalid') =>
  new DomainError(kind, code, `${field}: ${message}`, field);

const secretText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, 'secretTooShort')
    .max(max, 'secretTooLong')
    .regex(/^[\x21-\x7e]+$/, 'secretCharacters');

/** PUT /api/partner/integrations/whatsapp: the secrets may be left empty to keep the stored ones. */
export const whatsappInputSchema = z.object({
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, 'phoneNumberIdInvalid'),
  accessToken: z.union([z.literal(''), secretText(20, 1024)]).optional(),
  appSecret: z.union([z.literal(''), secretText(16, 128)]).optional(),
});

/** PUT /api/partner/integrations/payu */
export const payuInputSchema = z.object({
  merchantKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,32}$/, 'merchantKeyInvalid'),
  salt: z.union([z.literal(''), secretText(8, 256)]).optional(),
});

/** PUT /api/partner/integrations/flights: the provider and its API key (empty keeps the stored key). */
export const flightStatusInputSchema = z.object({
  provider: z.enum(FLIGHT_PROVIDERS, { error: 'flightProviderInvalid' }),
  apiKey: z.union([z.literal(''), secretText(8, 256)]).optional(),
});

export type WhatsAppInput = z.infer<typeof whatsappInputSchema>;
export type PayuInput = z.infer<typeof payuInputSchema>;
export type FlightStatusInput = z.infer<typeof flightStatusInputSchema>;

type WhatsAppSecrets = { accessToken: string; appSecret: string; verifyToken: string };
type PayuSecrets = { salt: string };
type FlightSecrets = { apiKey: string };
type SecretsOf<K extends IntegrationKind> = K extends 'whatsapp' ? WhatsAppSecrets : K extends 'payu' ? PayuSecrets : FlightSecrets;

const context = (businessId: number, kind: IntegrationKind) => `operator-integration:${businessId}:${kind}`;

function secretsOf<K extends IntegrationKind>(row: OperatorIntegration & { kind: K }): SecretsOf<K> {
  return JSON.parse(unseal(row.secrets, context(row.businessId, row.kind))) as SecretsOf<K>;
}

async function rowOf<K extends IntegrationKind>(db: Db, businessId: number, kind: K): Promise<(OperatorIntegration & { kind: K }) | undefined> {
  const [row] = await db
    .select()
    .from(operatorIntegrations)
    .where(and(eq(operatorIntegrations.businessId, businessId), eq(operatorIntegrations.kind, kind)))
    .limit(1);
  return row as (OperatorIntegration & { kind: K }) | undefined;
}

async function upsert(
  db: Db,
  businessId: number,
  kind: IntegrationKind,
  publicId: string,
  secrets: object,
  field: string,
  takenCode: string,
  takenMessage: string,
): Promise<void> {
  const values = { publicId, secrets: seal(JSON.stringify(secrets), context(businessId, kind)), testedAt: null, testResult: null, updatedAt: new Date() };
  try {
    await db
      .insert(operatorIntegrations)
      .values({ businessId, kind, ...values })
      .onConflictDoUpdate({ target: [operatorIntegrations.businessId, operatorIntegrations.kind], set: values });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(field, takenCode, takenMessage, 'conflict');
    throw error;
  }
}

export async function saveWhatsApp(db: Db, tenant: Pick<Tenant, 'id'>, input: WhatsAppInput): Promise<void> {
  const current = await rowOf(db, tenant.id, 'whatsapp');
  const kept = current ? secretsOf(current) : undefined;
  const accessToken = input.accessToken || kept?.accessToken;
  const appSecret = input.appSecret || kept?.appSecret;
  if (!accessToken) throw fieldError('accessToken', 'secret_required', 'Enter the access token.');
  if (!appSecret) throw fieldError('appSecret', 'secret_required', 'Enter the app secret.');
  const verifyToken = kept?.verifyToken ?? newToken().slice(0, 32);
  await upsert(
    db,
    tenant.id,
    'whatsapp',
    input.phoneNumberId,
    { accessToken, appSecret, verifyToken },
    'phoneNumberId',
    'number_taken',
    'Another operator already connected this WhatsApp number.',
  );
}

export async function savePayu(db: Db, tenant: Pick<Tenant, 'id'>, input: PayuInput): Promise<void> {
  const current = await rowOf(db, tenant.id, 'payu');
  const salt = input.salt || (current ? secretsOf(current).salt : undefined);
  if (!salt) throw fieldError('salt', 'secret_required', 'Enter the salt.');
  await upsert(
    db,
    tenant.id,
    'payu',
    input.merchantKey,
    { salt },
    'merchantKey',
    'merchant_taken',
    'Another operator already connected this PayU merchant key.',
  );
}

/** The provider's name is public; `publicId` carries the business too, since operators may share a provider (unique per kind). */
const flightPublicId = (businessId: number, provider: FlightProviderName) => `${provider}:${businessId}`;

export async function saveFlightStatus(db: Db, tenant: Pick<Tenant, 'id'>, input: FlightStatusInput): Promise<void> {
  const current = await rowOf(db, tenant.id, 'flights');
  const apiKey = input.apiKey || (current ? secretsOf(current).apiKey : undefined);
  if (!apiKey) throw fieldError('apiKey', 'secret_required', 'Enter the API key.');
  await upsert(
    db,
    tenant.id,
    'flights',
    flightPublicId(tenant.id, input.provider),
    { apiKey },
    'provider',
    'provider_taken',
    'This provider is already connected.',
  );
}

export async function removeIntegration(db: Db, tenant: Pick<Tenant, 'id'>, kind: IntegrationKind): Promise<void> {
  await db.delete(operatorIntegrations).where(and(eq(operatorIntegrations.businessId, tenant.id), eq(operatorIntegrations.kind, kind)));
}

export type IntegrationsView = {
  /** True while secrets are sealed with the built-in development key (SECRETS_KEY unset). */
  developmentKey: boolean;
  whatsapp: { phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string; testedAt: string | null; testResult: string | null } | null;
  payu: { merchantKey: string; salt: string; testedAt: string | null; testResult: string | null } | null;
  flights: { provider: FlightProviderName; apiKey: string; testedAt: string | null; testResult: string | null } | null;
};

const providerOfPublicId = (publicId: string) => publicId.split(':')[0] as FlightProviderName;

export async function readIntegrations(db: Db, tenant: Pick<Tenant, 'id'>): Promise<IntegrationsView> {
  const [whatsapp, payu, flights] = await Promise.all([rowOf(db, tenant.id, 'whatsapp'), rowOf(db, tenant.id, 'payu'), rowOf(db, tenant.id, 'flights')]);
  const wa = whatsapp ? secretsOf(whatsapp) : undefined;
  const pu = payu ? secretsOf(payu) : undefined;
  return {
    developmentKey: secretsKeyIsDevelopment(),
    whatsapp:
      whatsapp && wa
        ? {
            phoneNumberId: whatsapp.publicId,
            accessToken: maskSecret(wa.accessToken),
            appSecret: maskSecret(wa.appSecret),
            verifyToken: wa.verifyToken,
            testedAt: whatsapp.testedAt?.toISOString() ?? null,
            testResult: whatsapp.testResult,
          }
        : null,
    payu:
      payu && pu
        ? { merchantKey: payu.publicId, salt: maskSecret(pu.salt), testedAt: payu.testedAt?.toISOString() ?? null, testResult: payu.testResult }
        : null,
    flights: flights
      ? {
          provider: providerOfPublicId(flights.publicId),
          apiKey: maskSecret(secretsOf(flights).apiKey),
          testedAt: flights.testedAt?.toISOString() ?? null,
          testResult: flights.testResult,
        }
      : null,
  };
}

/**
 * Key rotation (docs/requirements/deployer.md, "Secrets key"): every stored
 * secret not under SECRETS_KEY is opened with SECRETS_KEY_PREVIOUS (or the
 * public development key) and sealed again under SECRETS_KEY. Run at each start
 * (server.ts); rows no key opens are counted, left as they are, and named in the log.
 */
export async function resealIntegrationSecrets(db: Db): Promise<{ resealed: number; unreadable: { businessId: number; kind: IntegrationKind }[] }> {
  const rows = await db.select().from(operatorIntegrations);
  let resealed = 0;
  const unreadable: { businessId: number; kind: IntegrationKind }[] = [];
  for (const row of rows) {
    let sealed: string | undefined;
    try {
      sealed = reseal(row.secrets, context(row.businessId, row.kind));
    } catch {
      unreadable.push({ businessId: row.businessId, kind: row.kind });
      continue;
    }
    if (sealed === undefined) continue;
    // only if unchanged since it was read: a save in between already sealed under the current key
    const updated = await db
      .update(operatorIntegrations)
      .set({ secrets: sealed })
      .where(and(eq(operatorIntegrations.businessId, row.businessId), eq(operatorIntegrations.kind, row.kind), eq(operatorIntegrations.secrets, row.secrets)))
      .returning({ kind: operatorIntegrations.kind });
    resealed += updated.length;
  }
  return { resealed, unreadable };
}

/* Use by the webhook, ride updates and card payments */

export type OperatorWhatsApp = { businessId: number; phoneNumberId: string; token: string; appSecret: string; verifyToken: string };

function whatsappOf(row: OperatorIntegration & { kind: 'whatsapp' }): OperatorWhatsApp {
  const secrets = secretsOf(row);
  return {
    businessId: row.businessId,
    phoneNumberId: row.publicId,
    token: secrets.accessToken,
    appSecret: secrets.appSecret,
    verifyToken: secrets.verifyToken,
  };
}

/** The operator that owns a WhatsApp phone number id, with its credentials. */
export async function operatorWhatsAppByNumber(db: Db, phoneNumberId: string): Promise<OperatorWhatsApp | undefined> {
  const [row] = await db
    .select()
    .from(operatorIntegrations)
    .where(and(eq(operatorIntegrations.kind, 'whatsapp'), eq(operatorIntegrations.publicId, phoneNumberId)))
    .limit(1);
  return row ? whatsappOf(row as OperatorIntegration & { kind: 'whatsapp' }) : undefined;
}

export async function operatorWhatsApp(db: Db, businessId: number): Promise<OperatorWhatsApp | undefined> {
  const row = await rowOf(db, businessId, 'whatsapp');
  return row ? whatsappOf(row) : undefined;
}

export async function operatorPayu(db: Db, businessId: number): Promise<{ key: string; salt: string } | undefined> {
  const row = await rowOf(db, businessId, 'payu');
  return row ? { key: row.publicId, salt: secretsOf(row).salt } : undefined;
}

/** The operator's own flight-status provider and key (console Integrations), if it connected one. */
export async function operatorFlightStatus(db: Db, businessId: number): Promise<{ provider: FlightProviderName; apiKey: string } | undefined> {
  const row = await rowOf(db, businessId, 'flights');
  return row ? { provider: providerOfPublicId(row.publicId), apiKey: secretsOf(row).apiKey } : undefined;
}

/* Test connection */

const PAYU_SERVICE_URLS = {
  test: 'https://test.payu.in/merchant/postservice.php?form=2',
  live: 'https://info.payu.in/merchant/postservice.php?form=2',
} as const;

/** PayU's postservice (verify_payment for Test connection, cancel_refund_transaction for refunds): PAYU_VERIFY_URL, else by PAYU_MODE. */
export function payuServiceUrl(): string {
  const { PAYU_VERIFY_URL, PAYU_MODE } = env();
  return PAYU_VERIFY_URL ?? PAYU_SERVICE_URLS[PAYU_MODE];
}

export type TestOutcome = { ok: boolean; message: string };

function networkFailure(service: string, url: string, error: unknown): TestOutcome {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const name = (error as { name?: string })?.name;
  const why =
    name === 'TimeoutError' ? 'no answer within 10 seconds' : (cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)));
  return { ok: false, message: `Could not reach ${service} at ${new URL(url).host}: ${why}. Nothing was checked; the credentials are saved as entered.` };
}

async function testWhatsApp(config: OperatorWhatsApp): Promise<TestOutcome> {
  const url = `${env().WHATSAPP_API_BASE.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}?fields=display_phone_number,verified_name`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { authorization: `Bearer ${config.token}` }, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    return networkFailure('the WhatsApp Cloud API', url, error);
  }
  const body = (await res.json().catch(() => ({}))) as { display_phone_number?: string; verified_name?: string; error?: { message?: string; code?: number } };
  if (res.ok) return { ok: true, message: `Connected: ${body.verified_name ?? 'WhatsApp number'} ${body.display_phone_number ?? config.phoneNumberId}.` };
  if (res.status === 401 || body.error?.code === 190)
    return { ok: false, message: `The access token was refused (${res.status}): ${body.error?.message ?? 'invalid or expired token'}.` };
  if (res.status === 404 || body.error?.code === 100)
    return {
      ok: false,
      message: `The phone number id ${config.phoneNumberId} is unknown to this token (${res.status}): ${body.error?.message ?? 'not found'}.`,
    };
  return { ok: false, message: `The WhatsApp Cloud API answered ${res.status}: ${body.error?.message ?? 'no reason given'}.` };
}

/**
 * Asks PayU's verify_payment service about a made-up transaction id, signed
 * with the key and salt: PayU answers that the transaction is unknown when it
 * accepts the key and the hash, and names the key or the hash when not.
 */
async function testPayu(key: string, salt: string): Promise<TestOutcome> {
  const url = payuServiceUrl();
  const command = 'verify_payment';
  const txnid = `connection-test-${Date.now()}`;
  const hash = createHash('sha512').update(`${key}|${command}|${txnid}|${salt}`).digest('hex');
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key, command, var1: txnid, hash }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return networkFailure('PayU', url, error);
  }
  const text = (await res.text().catch(() => '')).slice(0, 500);
  if (!res.ok) return { ok: false, message: `PayU answered ${res.status}: ${text || 'no reason given'}.` };
  if (/invalid\s*hash/i.test(text)) return { ok: false, message: 'PayU refused the hash: the salt does not belong to this merchant key.' };
  if (/invalid\s*key|merchant.*(not|in)valid/i.test(text)) return { ok: false, message: 'PayU does not know this merchant key.' };
  return { ok: true, message: 'Connected: PayU accepted the merchant key and the salt.' };
}

/** Runs the kind's check with the stored credentials and keeps its outcome with the time. */
export async function testIntegration(
  db: Db,
  tenant: Pick<Tenant, 'id'>,
  kind: IntegrationKind,
  /** The flight-status check (lib/flights, which reads this module): a lookup with the stored provider and key. */
  testFlights?: (provider: FlightProviderName, apiKey: string) => Promise<TestOutcome>,
): Promise<TestOutcome & { testedAt: string }> {
  const row = await rowOf(db, tenant.id, kind);
  if (!row) throw fieldError('kind', 'integration_none', 'Save the credentials first.', 'not_found');
  const outcome =
    kind === 'whatsapp'
      ? await testWhatsApp(whatsappOf(row as OperatorIntegration & { kind: 'whatsapp' }))
      : kind === 'payu'
        ? await testPayu(row.publicId, secretsOf(row as OperatorIntegration & { kind: 'payu' }).salt)
        : testFlights
          ? await testFlights(providerOfPublicId(row.publicId), secretsOf(row as OperatorIntegration & { kind: 'flights' }).apiKey)
          : { ok: false, message: 'No flight-status client.' };
  const testedAt = new Date();
  await db
    .update(operatorIntegrations)
    .set({ testedAt, testResult: `${outcome.ok ? 'ok' : 'failed'}: ${outcome.message}`.slice(0, 600) })
    .where(and(eq(operatorIntegrations.businessId, tenant.id), eq(operatorIntegrations.kind, kind)));
  return { ...outcome, testedAt: testedAt.toISOString() };
}
