import pino from 'pino';
import { env } from '@/lib/env';

const globalForLog = globalThis as unknown as { __travelsxLogger?: pino.Logger };

/** Structured JSON logs on stdout, one logger per process. */
export const logger: pino.Logger = (globalForLog.__travelsxLogger ??= pino({
  level: env().LOG_LEVEL,
  base: { service: 'travelsx' },
  redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.otp', '*.token'], remove: true },
}));
