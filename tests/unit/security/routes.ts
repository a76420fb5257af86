import { API_ROUTES } from '@/lib/api/app';
import { shareImagePath } from '@/lib/settings/share-path';
import type { TenantWorld } from './world';
import { localDate } from '@/lib/time/zoned';

/*
 * Every route of the API router, described once for the security suites: who
 * calls it, how it reads its body, a well-formed body, query and path
 * parameters for an object of the tenant. The suites take the routes from the
 * router's own table (API_ROUTES) and fail for a route this table does not
 * describe, and for a description the router has no route for.
 */

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];
export const STATE_CHANGING: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Whose session the call carries: the tenant's rider, partner, driver, or none. */
export type Role = 'anon' | 'rider' | 'partner' | 'driver';

/**
 * How the handler reads the request body:
 * - json: JSON through the wrapper or the handler (zod, 400 naming the field)
 * - form: PayU's form-encoded callback (JSON accepted too)
 * - multipart: a file upload
 * - signed: raw bytes checked against an HMAC before anything else
 * - none: the body is never read
 */
export type BodyKind = 'json' | 'form' | 'multipart' | 'signed' | 'none';

export type MethodSpec = {
  as: Role;
  body?: BodyKind;
  /** A well-formed body (may still be refused for business reasons, e.g. a wrong hash). */
  sample?: (t: TenantWorld) => Record<string, unknown>;
  /** Top-level fields whose absence alone is refused. */
  required?: readonly string[];
  query?: (t: TenantWorld) => Record<string, string>;
  params?: (t: TenantWorld) => Record<string, string | string[]>;
  /** Why the body may be any JSON and still get 200 (nothing written). */
  anyJson?: string;
  /** Why NUL characters in the body are cleaned rather than refused (the NUL cases are then well-formed input). */
  keepsNul?: string;
  /** Why a well-formed GET writes (the junk-parameter case then leaves the well-formed values out). */
  sideEffect?: string;
  /** Largest body the route reads, when not the wrapper's 64 KiB default. */
  maxBytes?: number;
  /** What the well-formed call sends to a number or address someone typed (through deliver() and its message budget). */
  sends?: string;
  /** Why the route's WhatsApp messages are answers to the sender who wrote in, outside the message budget. */
  answers?: string;
};

export type RouteSpec = Partial<Record<Method, MethodSpec>>;

const phone = (n: string) => ({ dialCode: '91', number: n });

/** One pickup time for every quote sample, so two samples of the same body compare equal (a time read per call could differ by a millisecond). */
const QUOTE_PICKUP_TIME = new Date(Date.now() + 36 * 3600_000).toISOString();

const CANCELLATION_RULE = { freeMinutes: 60, feeType: 'percent', feeValue: 10 };
const CANCELLATION_RULES = {
  local: CANCELLATION_RULE,
  airport: CANCELLATION_RULE,
  outstation: { ...CANCELLATION_RULE, freeMinutes: 1440 },
  rental: CANCELLATION_RULE,
};

const RATE_CARD = {
  active: true,
  baseFare: 100,
  perKm: 12,
  minKm: 5,
  outstationPerKm: 11,
  minKmPerDay: 250,
  driverBataPerDay: 400,
  nightChargePercent: 10,
  nightStartHour: 22,
  nightEndHour: 6,
  airportFee: 150,
  tollPerKm: 1,
  rentalPackages: [{ hours: 4, km: 40, price: 1200 }],
  extraKmRate: 12,
  extraHourRate: 150,
  waitingCharge: 60,
};

const BLOG_BODY = '<p>Our drivers know every road between the city and the hills, and they will wait while you stop for breakfast on the way there.</p>';

const payuAnswer = (t: TenantWorld) => ({
  key: 'secKey01',
  txnid: t.txnId,
  amount: '100.00',
  productinfo: `Ride #${t.rides.card}`,
  firstname: 'Rider',
  email: '',
  status: 'success',
  hash: '0'.repeat(128),
  mihpayid: '403993715',
});

const whatsappPayload = () => ({ object: 'whatsapp_business_account', entry: [] as unknown[] });

/** Keyed by the router's path (Hono syntax: `:id` one segment, `:path{.+}` one or more). */
export const ROUTES: Record<string, RouteSpec> = {
  '/api/ai/ride': {
    POST: {
      as: 'rider',
      body: 'json',
      sample: (t) => ({ prompt: 'Book a sedan from Chennai to Bengaluru tomorrow at 9', chatId: t.chatSession }),
      required: ['prompt', 'chatId'],
    },
  },
  '/api/auth/handoff': { GET: { as: 'anon', query: (t) => ({ ticket: t.ticket }), sideEffect: 'a valid ticket signs in, once' } },
  // Signed out: a body is never read, and a signed-in call would end the session the other cases use.
  '/api/auth/logout': { POST: { as: 'anon', body: 'none' } },
  '/api/auth/me': { GET: { as: 'rider' } },
  '/api/auth/otp/send': {
    POST: {
      as: 'anon',
      body: 'json',
      sample: () => ({ userType: 'travelsx-user', countryCode: '91', phoneNumber: '9845099999', feature: 'login' }),
      required: ['userType', 'phoneNumber'],
      sends: 'the sign-in code to the phone typed in',
    },
  },
  '/api/auth/otp/verify': {
    POST: {
      as: 'anon',
      body: 'json',
      sample: () => ({ userType: 'travelsx-user', countryCode: '91', phoneNumber: '9845099999', otp: '123456', feature: 'login' }),
      required: ['userType', 'otp', 'phoneNumber'],
    },
  },
  '/api/blog/:slug': {
    GET: { as: 'anon', params: (t) => ({ slug: t.blogSlug }) },
    PUT: {
      as: 'partner',
      body: 'json',
      params: (t) => ({ slug: t.blogSlug }),
      // a slug of the caller's choosing, not an object of the tenant (slugs are per operator: any operator may use this one)
      sample: () => ({ title: 'Hill drives', slug: 'hill-drives', keywords: 'hills, taxi', description: BLOG_BODY, image: 'https://img.example/cover.jpg' }),
      required: ['title', 'slug', 'keywords', 'description', 'image'],
      maxBytes: 512 * 1024,
      keepsNul: 'the body is checked as a new post is (POST /api/blog)',
    },
    DELETE: { as: 'partner', body: 'none', params: (t) => ({ slug: t.blogSlug }) },
  },
  '/api/blog/generate': { POST: { as: 'partner', body: 'json', sample: () => ({ field: 'description', title: 'Hill drives' }), required: ['title'] } },
  '/api/blog/images': { POST: { as: 'partner', body: 'multipart', maxBytes: 5 * 1024 * 1024 + 64 * 1024 } },
  '/api/blog': {
    GET: { as: 'anon', query: () => ({ page: '0', size: '12', language: 'en' }) },
    POST: {
      as: 'partner',
      body: 'json',
      sample: () => ({ title: 'Night rides', slug: 'night-rides', keywords: 'night, taxi', description: BLOG_BODY, image: 'https://img.example/cover.jpg' }),
      required: ['title', 'slug', 'keywords', 'description', 'image'],
      maxBytes: 512 * 1024,
      keepsNul: 'the description is sanitised HTML and the text fields are made plain text, which drops NUL characters (an XSS evasion the blog tests cover)',
    },
  },
  '/api/business': { GET: { as: 'anon' } },
  '/api/chat/history': {
    GET: { as: 'rider', query: (t) => ({ chat_session: t.chatSession }) },
    PUT: {
      as: 'rider',
      body: 'json',
      sample: (t) => ({ chatSession: t.chatSession, messages: [{ role: 'user', content: { message: 'hello' } }] }),
      required: ['chatSession', 'messages'],
      maxBytes: 1024 * 1024,
    },
  },
  '/api/chat/message': {
    POST: {
      as: 'rider',
      body: 'json',
      sample: (t) => ({ chatSession: t.chatSession, text: 'Book a taxi', locale: 'en-IN' }),
      required: ['chatSession', 'text'],
    },
  },
  '/api/dev/outbox': { GET: { as: 'anon', query: (t) => ({ to: `+91${t.riderPhone}` }) } },
  '/api/driver/availability': {
    GET: { as: 'driver' },
    PATCH: { as: 'driver', body: 'json', sample: () => ({ online: true }), required: ['online'] },
  },
  '/api/driver/offers': { GET: { as: 'driver' } },
  '/api/driver/offers/:id': {
    POST: { as: 'driver', body: 'json', sample: () => ({ answer: 'decline' }), required: ['answer'], params: (t) => ({ id: String(t.rides.booked) }) },
  },
  '/api/driver/rides/:id': {
    POST: {
      as: 'driver',
      body: 'json',
      sample: () => ({ action: 'start', startCode: '0000' }),
      required: ['action'],
      params: (t) => ({ id: String(t.rides.accepted) }),
    },
  },
  '/api/driver/rides/:id/flight': {
    POST: {
      as: 'driver',
      body: 'json',
      sample: () => ({ action: 'eta', at: QUOTE_PICKUP_TIME }),
      required: ['action'],
      params: (t) => ({ id: String(t.rides.accepted) }),
    },
  },
  '/api/driver/rides': { GET: { as: 'driver', query: () => ({ scope: 'recent' }) } },
  '/api/events': { POST: { as: 'anon', body: 'json', sample: () => ({ name: 'ride_vehicle_selected', data: { vehicle: 'sedan' } }), required: ['name'] } },
  '/api/flights/check': { GET: { as: 'anon', query: () => ({ flight: 'AI302', airport: 'MAA', date: QUOTE_PICKUP_TIME.slice(0, 10), direction: 'arrival' }) } },
  '/api/health': { GET: { as: 'anon' } },
  '/api/ready': { GET: { as: 'anon' } },
  '/api/leads/contact': {
    POST: {
      as: 'anon',
      body: 'json',
      sample: () => ({
        firstName: 'Asha',
        lastName: 'Rao',
        company: 'Rao Tours',
        email: 'asha@example.com',
        looking_for_name: 'pricing',
        enquery: 'A price for 40 cabs, please.',
      }),
      required: ['firstName', 'email', 'looking_for_name', 'enquery'],
    },
  },
  '/api/leads': {
    POST: {
      as: 'anon',
      body: 'json',
      maxBytes: 16 * 1024,
      sample: () => ({ name: 'Asha', email: 'asha@example.com', phone: '+91 98450 00001' }),
      required: ['name', 'email', 'phone'],
    },
  },
  '/api/partner/agencies/:id': {
    PATCH: { as: 'partner', body: 'json', sample: () => ({ action: 'block' }), params: (t) => ({ id: String(t.agencyId) }) },
    DELETE: { as: 'partner', body: 'none', params: (t) => ({ id: String(t.agencyId) }) },
  },
  '/api/partner/agencies': {
    GET: { as: 'partner' },
    POST: { as: 'partner', body: 'json', sample: () => ({ name: 'Hill Travels', phone: phone('9845077777'), place: 'Ooty' }), required: ['name', 'phone'] },
  },
  '/api/partner/customers': { GET: { as: 'partner', query: () => ({ type: 'user', q: 'rider', sort: 'newest', page: '0', size: '5' }) } },
  '/api/partner/dispatch-settings': {
    GET: { as: 'partner' },
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ mode: 'manual', offerSeconds: 30, maxOffers: 5, allowUpgrades: false, offerLeadMinutes: 60, bufferMinutes: 30, shareLeadMinutes: 30 }),
      required: ['mode', 'offerSeconds', 'maxOffers', 'allowUpgrades', 'offerLeadMinutes', 'bufferMinutes', 'shareLeadMinutes'],
    },
  },
  '/api/partner/documents': { GET: { as: 'partner' } },
  '/api/partner/drivers/:id/documents': {
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ licence: { number: 'TN01 2020 0001234', expiresOn: '2031-03-31' } }),
      params: (t) => ({ id: String(t.driverId) }),
    },
  },
  '/api/partner/drivers/:id/photo': {
    POST: { as: 'partner', body: 'multipart', maxBytes: 5 * 1024 * 1024 + 64 * 1024, params: (t) => ({ id: String(t.driverId) }) },
    DELETE: { as: 'partner', params: (t) => ({ id: String(t.driverId) }) },
  },
  '/api/partner/fleet/live': { GET: { as: 'partner' } },
  '/api/partner/drivers/:id': {
    PATCH: { as: 'partner', body: 'json', sample: () => ({ online: true }), params: (t) => ({ id: String(t.driverId) }) },
    DELETE: { as: 'partner', body: 'none', params: (t) => ({ id: String(t.driverId) }) },
  },
  '/api/partner/drivers': {
    GET: { as: 'partner', query: (t) => ({ agencyId: String(t.agencyId) }) },
    POST: {
      as: 'partner',
      body: 'json',
      sample: (t) => ({ name: 'Mani', phone: phone('9845088888'), place: 'Chennai', agencyId: t.agencyId }),
      required: ['name', 'phone'],
      sends: 'the invitation to the driver app to the phone the operator typed',
    },
  },
  '/api/partner/events': { GET: { as: 'partner', query: (t) => ({ window: 'today', rideId: String(t.rides.booked), page: '0', size: '25' }) } },
  '/api/partner/overview': { GET: { as: 'partner', query: () => ({ filter: 'custom', from: '2024-01-01', to: '2024-01-31' }) } },
  '/api/partner/domain': {
    GET: { as: 'partner' },
    PUT: { as: 'partner', body: 'json', sample: () => ({ domain: 'cabs-sweep.example' }), required: ['domain'] },
    DELETE: { as: 'partner', body: 'none' },
  },
  '/api/partner/domain/verify': { POST: { as: 'partner', body: 'none' } },
  '/api/partner/integrations': { GET: { as: 'partner' } },
  '/api/partner/integrations/flights': {
    PUT: { as: 'partner', body: 'json', sample: () => ({ provider: 'aerodatabox', apiKey: 'adb-test-key-0001' }), required: ['provider'] },
  },
  '/api/partner/integrations/payu': {
    PUT: { as: 'partner', body: 'json', sample: () => ({ merchantKey: 'sweepKey1', salt: 'sweepSalt123' }), required: ['merchantKey'] },
  },
  '/api/partner/integrations/whatsapp': {
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ phoneNumberId: '109876543210', accessToken: 'EAAGsweepaccesstoken0123456789', appSecret: '0123456789abcdef0123456789abcdef' }),
      required: ['phoneNumberId'],
    },
  },
  '/api/partner/integrations/:kind': { DELETE: { as: 'partner', body: 'none', params: () => ({ kind: 'payu' }) } },
  '/api/partner/integrations/:kind/test': { POST: { as: 'partner', body: 'none', params: () => ({ kind: 'payu' }) } },
  '/api/partner/rates/:vehicleType': {
    PUT: { as: 'partner', body: 'json', sample: () => ({ ...RATE_CARD }), required: Object.keys(RATE_CARD), params: () => ({ vehicleType: 'sedan' }) },
  },
  '/api/partner/rates': { GET: { as: 'partner' } },
  '/api/partner/invoice-settings': {
    GET: { as: 'partner' },
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({
        legalName: 'Hill Travels Pvt Ltd',
        address: '1 Mount Road, Chennai',
        taxNumber: '33ABCDE1234F1Z5',
        taxRate: 5,
        sacCode: '996412',
        supplyType: 'intra',
      }),
      required: ['taxRate', 'supplyType'],
    },
  },
  '/api/partner/reviews': { GET: { as: 'partner' } },
  '/api/partner/reviews/:id': {
    PATCH: { as: 'partner', body: 'json', sample: () => ({ status: 'approved' }), required: ['status'], params: (t) => ({ id: String(t.reviewId) }) },
  },
  '/api/partner/rides/:id/invoice': {
    GET: {
      as: 'partner',
      query: () => ({ lang: 'en' }),
      params: (t) => ({ id: String(t.rides.rated) }),
      sideEffect: 'the first download of a completed ride issues its invoice (the next number)',
    },
  },
  '/api/partner/airport-photos': { POST: { as: 'partner', body: 'multipart', maxBytes: 5 * 1024 * 1024 + 64 * 1024 } },
  '/api/partner/airports': { GET: { as: 'partner' } },
  '/api/partner/airports/:code': {
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ texts: { en: 'Arrivals exit gate 4, by the Café Coffee Day counter' }, photoUrl: null }),
      required: ['texts', 'photoUrl'],
      params: () => ({ code: 'MAA' }),
    },
    DELETE: { as: 'partner', params: () => ({ code: 'MAA' }) },
  },
  '/api/partner/waiting-rules': {
    GET: { as: 'partner' },
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ freeMinutes: { local: 15, airport: 60, outstation: 15, rental: 15 }, blockMinutes: 15, landingBufferMinutes: 30 }),
      required: ['freeMinutes', 'blockMinutes', 'landingBufferMinutes'],
    },
  },
  '/api/partner/trip-rules': {
    GET: { as: 'partner' },
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ localMaxKm: 80, outstationMaxKm: 2500, serviceRadiusKm: 150, nowMaxKm: 600, walletSpendPercent: 20 }),
      required: ['localMaxKm', 'outstationMaxKm', 'serviceRadiusKm', 'nowMaxKm', 'walletSpendPercent'],
    },
  },
  '/api/partner/cancellation-rules': {
    GET: { as: 'partner' },
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => CANCELLATION_RULES,
      required: ['local', 'airport', 'outstation', 'rental'],
    },
  },
  '/api/partner/promos': {
    GET: { as: 'partner' },
    POST: { as: 'partner', body: 'json', sample: () => ({ code: 'SWEEP50', kind: 'fixed', value: 50 }), required: ['code', 'kind', 'value'] },
  },
  '/api/partner/promos/:id': {
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ code: 'SWEEP60', kind: 'fixed', value: 60 }),
      required: ['code', 'kind', 'value'],
      params: (t) => ({ id: String(t.promoId) }),
    },
    PATCH: { as: 'partner', body: 'json', sample: () => ({ active: false }), required: ['active'], params: (t) => ({ id: String(t.promoId) }) },
    DELETE: { as: 'partner', body: 'none', params: (t) => ({ id: String(t.promoId) }) },
  },
  '/api/partner/rides/:id': {
    POST: {
      as: 'partner',
      body: 'json',
      sample: () => ({ action: 'decline', reason: 'No cars free' }),
      required: ['action'],
      params: (t) => ({ id: String(t.rides.booked) }),
      sends: "the cancellation and its reason to the traveller's phone",
    },
  },
  '/api/partner/rides/:id/flight': {
    POST: {
      as: 'partner',
      body: 'json',
      sample: () => ({ action: 'follow', follow: false }),
      required: ['action'],
      params: (t) => ({ id: String(t.rides.booked) }),
    },
  },
  '/api/partner/rides/:id/refunds': {
    POST: {
      as: 'partner',
      body: 'json',
      sample: () => ({ amount: 1.5, reason: 'Goodwill for the wait', method: 'wallet', idempotencyKey: 'refund-sample-0001' }),
      required: ['amount', 'reason', 'method', 'idempotencyKey'],
      params: (t) => ({ id: String(t.rides.completed) }),
    },
  },
  '/api/partner/refunds/:id/retry': {
    POST: { as: 'partner', body: 'json', sample: () => ({ toWallet: false }), required: ['toWallet'], params: (t) => ({ id: String(t.refundId) }) },
  },
  '/api/partner/rides/assignable': { GET: { as: 'partner', query: (t) => ({ rideId: String(t.rides.booked) }) } },
  '/api/partner/rides/book': {
    POST: {
      as: 'partner',
      body: 'json',
      sample: (t) => ({
        customerName: 'Kavya',
        customerPhone: phone('9845066666'),
        rideSearchId: t.quoteId,
        rideVehicle: 'sedan',
        idempotencyKey: 'partner-book-0001',
      }),
      required: ['customerName', 'customerPhone', 'rideSearchId', 'rideVehicle', 'idempotencyKey'],
      sends: "the ride and its start code to the customer's phone the operator typed",
    },
  },
  '/api/partner/rides/export': {
    GET: {
      as: 'partner',
      query: () => ({ status: 'accepted', from: localDate(new Date(), 'Asia/Kolkata'), to: localDate(new Date(Date.now() + 7 * 86_400_000), 'Asia/Kolkata') }),
    },
  },
  '/api/partner/rides': { GET: { as: 'partner', query: (t) => ({ status: 'all', q: String(t.rides.booked) }) } },
  '/api/platform/wallet-entries': {
    POST: {
      as: 'anon',
      body: 'json',
      sample: () => ({ kind: 'settlement', amount: 1, reference: 'bank transfer 0001', idempotencyKey: 'platform-entry-0001' }),
      required: ['kind', 'amount', 'reference', 'idempotencyKey'],
    },
  },
  '/api/partner/vehicles/:id/documents': {
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ insurance: { number: 'POL-778812', expiresOn: '2031-01-15' } }),
      params: (t) => ({ id: String(t.vehicleId) }),
    },
  },
  '/api/partner/vehicles/:id/photo': {
    POST: { as: 'partner', body: 'multipart', maxBytes: 5 * 1024 * 1024 + 64 * 1024, params: (t) => ({ id: String(t.vehicleId) }) },
    DELETE: { as: 'partner', params: (t) => ({ id: String(t.vehicleId) }) },
  },
  '/api/partner/vehicles/:id': {
    PATCH: { as: 'partner', body: 'json', sample: () => ({ model: 'Toyota Etios', online: false }), params: (t) => ({ id: String(t.vehicleId) }) },
    DELETE: { as: 'partner', body: 'none', params: (t) => ({ id: String(t.vehicleId) }) },
  },
  '/api/partner/vehicles': {
    GET: { as: 'partner' },
    POST: {
      as: 'partner',
      body: 'json',
      sample: () => ({ vehicleType: 'suv', model: 'Innova', number: 'KA01 CD5678' }),
      required: ['vehicleType', 'model', 'number'],
    },
  },
  '/api/partner/wallet': { GET: { as: 'partner', query: () => ({ date_filter: 'thisMonth', offset: '0', limit: '100' }) } },
  '/api/partner/money': { GET: { as: 'partner', query: () => ({ from: '2026-01-01', to: '2026-01-31' }) } },
  '/api/partner/money/export': { GET: { as: 'partner', query: () => ({ from: '2026-01-01', to: '2026-01-31' }) } },
  '/api/payments/:txnId': { GET: { as: 'rider', query: () => ({ locale: 'en-IN' }), params: (t) => ({ txnId: t.txnId }) } },
  '/api/payments/cash': { POST: { as: 'rider', body: 'json', sample: (t) => ({ rideId: t.rides.card }), required: ['rideId'] } },
  '/api/payments/payu/failure': {
    POST: { as: 'anon', body: 'form', sample: (t) => ({ ...payuAnswer(t), status: 'failure' }), required: ['key', 'txnid', 'amount', 'status', 'hash'] },
  },
  '/api/payments/payu/success': {
    POST: { as: 'anon', body: 'form', sample: payuAnswer, required: ['key', 'txnid', 'amount', 'status', 'hash'] },
  },
  '/api/payments': {
    GET: { as: 'rider', query: (t) => ({ txn_id: t.txnId, lp_id: '1', user_id: '1', user_type: 'travelsx-user', locale: 'en-IN' }) },
    POST: { as: 'rider', body: 'json', sample: (t) => ({ rideId: t.rides.card }), required: ['rideId'] },
  },
  '/api/places/reverse': { GET: { as: 'anon', query: () => ({ lat: '13.08', lng: '80.27', lang: 'en' }) } },
  '/api/places/search': { GET: { as: 'anon', query: () => ({ q: 'chen', country: 'IN', lang: 'en' }) } },
  '/api/profile': {
    PATCH: { as: 'rider', body: 'json', sample: () => ({ name: 'Asha Raman', email: 'asha@example.in' }), required: ['name'] },
    DELETE: { as: 'rider', body: 'none' },
  },
  '/api/profile/email': {
    POST: {
      as: 'partner',
      body: 'json',
      sample: () => ({ email: 'desk@sweep.example' }),
      required: ['email'],
      sends: 'a code to the new sign-in e-mail the partner typed',
    },
  },
  '/api/profile/email/verify': {
    POST: { as: 'partner', body: 'json', sample: () => ({ email: 'desk@sweep.example', otp: '123456' }), required: ['email', 'otp'] },
  },
  '/api/push/key': { GET: { as: 'anon' } },
  '/api/push/settings': {
    GET: { as: 'rider' },
    PUT: { as: 'rider', body: 'json', sample: () => ({ pushEnabled: false }), required: ['pushEnabled'] },
  },
  '/api/push/subscriptions': {
    POST: {
      as: 'rider',
      body: 'json',
      sample: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/new-device', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
      required: ['endpoint', 'keys'],
      maxBytes: 4096,
    },
    DELETE: { as: 'rider', body: 'json', sample: (t) => ({ endpoint: t.pushEndpoint }), required: ['endpoint'], maxBytes: 4096 },
  },
  '/api/rides/:id/cancel': {
    POST: { as: 'rider', body: 'json', sample: () => ({ reason: 'Plans changed' }), required: ['reason'], params: (t) => ({ id: String(t.rides.booked) }) },
  },
  '/api/rides/:id/share': { POST: { as: 'rider', body: 'none', params: (t) => ({ id: String(t.rides.accepted) }) } },
  '/api/rides/:id/invoice': {
    GET: {
      as: 'rider',
      query: () => ({ lang: 'en' }),
      params: (t) => ({ id: String(t.rides.rated) }),
      sideEffect: 'the first download of a completed ride issues its invoice (the next number)',
    },
  },
  '/api/rides/:id/rating': {
    POST: {
      as: 'rider',
      body: 'json',
      sample: () => ({ stars: 5, comment: 'Smooth trip' }),
      required: ['stars'],
      params: (t) => ({ id: String(t.rides.completed) }),
    },
  },
  '/api/rides/:id/track': { GET: { as: 'anon', query: (t) => ({ token: t.shareToken }), params: (t) => ({ id: String(t.rides.accepted) }) } },
  '/api/rides/quote': {
    POST: {
      as: 'anon',
      body: 'json',
      sample: () => ({
        rideType: 'oneway',
        tripKind: 'outstation',
        pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
        dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
        pickupTime: QUOTE_PICKUP_TIME,
      }),
      required: ['pickupLocation', 'dropoffLocation', 'pickupTime'],
    },
  },
  '/api/promos/check': {
    POST: {
      as: 'anon',
      body: 'json',
      sample: (t) => ({ code: t.promoCode, rideSearchId: t.quoteId, rideVehicle: 'sedan' }),
      required: ['code', 'rideSearchId', 'rideVehicle'],
    },
  },
  '/api/rides': {
    GET: { as: 'rider' },
    POST: {
      as: 'rider',
      body: 'json',
      sample: (t) => ({ rideSearchId: t.quoteId, rideVehicle: 'sedan', idempotencyKey: 'sweep-booking-0001' }),
      required: ['rideSearchId', 'rideVehicle', 'idempotencyKey'],
    },
  },
  '/api/settings': { GET: { as: 'partner' } },
  '/api/settings/checklist': { GET: { as: 'partner' } },
  '/api/settings/cities': { PUT: { as: 'partner', body: 'json', sample: () => ({ cities: [] }), required: ['cities'] } },
  '/api/settings/cities/search': { GET: { as: 'partner', query: () => ({ q: 'Coimbatore' }) } },
  '/api/settings/colour': { PUT: { as: 'partner', body: 'json', sample: () => ({ colour: '#0b5d57' }), required: ['colour'] } },
  '/api/settings/logo': { POST: { as: 'partner', body: 'multipart', maxBytes: 2 * 1024 * 1024 + 64 * 1024 }, DELETE: { as: 'partner' } },
  '/api/settings/market': {
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ countryCode: 'in', currency: 'INR', timeZone: 'Asia/Kolkata', languages: ['en', 'hi'] }),
      required: ['countryCode', 'currency', 'timeZone', 'languages'],
    },
  },
  '/api/settings/profile': {
    PUT: {
      as: 'partner',
      body: 'json',
      sample: () => ({ name: 'Sweep Cabs', shortName: 'Sweep', phone: '9876500100', whatsappPhone: '9876500101', email: 'desk@sweep.example' }),
      required: ['name'],
    },
  },
  '/api/tracking/ad-metrics': {
    POST: {
      as: 'anon',
      body: 'json',
      sample: () => ({ ad_metrics: { utm_source: 'google', utm_campaign: 'monsoon' }, country_code: 'in' }),
      required: ['ad_metrics'],
    },
  },
  '/api/tracking/report': { GET: { as: 'partner', query: () => ({ filter: 'custom', from: '2024-01-01', to: '2024-01-31' }) } },
  '/api/tracking/visit': {
    POST: {
      as: 'anon',
      body: 'json',
      sample: () => ({ session_id: 'visit-session-01', page_url: '/in/en/user/home?utm_source=x', referrer: 'https://search.example/' }),
      required: ['session_id', 'page_url'],
    },
  },
  '/api/uploads/:path{.+}': { GET: { as: 'anon', params: (t) => ({ path: t.cover.imageWebp.split('/').slice(2) }) } },
  '/api/wallet': { GET: { as: 'rider' } },
  '/api/whatsapp/webhook': {
    GET: { as: 'anon', query: () => ({ 'hub.mode': 'subscribe', 'hub.verify_token': 'verify-token', 'hub.challenge': '1158201444' }) },
    POST: {
      as: 'anon',
      body: 'signed',
      sample: whatsappPayload,
      anyJson: 'Meta expects 200 for every signed delivery; anything that is not a message is dropped',
      maxBytes: 256 * 1024,
      answers: 'one reply per inbound message id to the number that wrote in (the chat limits bound how many)',
    },
  },
  // The site's root files, served by the router for the tenant that owns the Host.
  '/media/:tenant/share/:file': {
    GET: { as: 'anon', params: (t) => ({ tenant: t.business.slug, file: shareImagePath(t.business, 'place', 'en').split('/').pop()! }) },
  },
  '/media/:path{.+}': { GET: { as: 'anon', params: (t) => ({ path: t.cover.imageWebp.split('/').slice(2) }) } },
  '/robots.txt': { GET: { as: 'anon' } },
  '/sitemap.xml': { GET: { as: 'anon' } },
  '/sitemap/:file': { GET: { as: 'anon', params: () => ({ file: '0.xml' }) } },
  '/manifest.webmanifest': { GET: { as: 'anon' } },
  '/favicon.ico': { GET: { as: 'anon' } },
};

/** One route of the router's table, its method as the suites name it. */
export type RouterRoute = { method: string; path: string };

/** The router's own table of routes, in its order. */
export const ROUTER_ROUTES: readonly RouterRoute[] = API_ROUTES.map(({ method, path }) => ({ method, path }));

/** The router's paths, each once, in the router's order. */
export const ROUTER_PATHS: readonly string[] = [...new Set(ROUTER_ROUTES.map((r) => r.path))];

/** What the router and ROUTES disagree on: a route nobody described, a description without a route, a method the suites cannot send. */
export function undescribed(router: readonly RouterRoute[] = ROUTER_ROUTES, routes: Record<string, RouteSpec> = ROUTES): string[] {
  const problems: string[] = [];
  for (const { method, path } of router) {
    if (!(METHODS as readonly string[]).includes(method)) problems.push(`${method} ${path}: the router lists a method the suites do not send`);
    else if (!routes[path]?.[method as Method]) problems.push(`${method} ${path} is in the router but not described in routes.ts`);
  }
  for (const [path, spec] of Object.entries(routes)) {
    for (const method of Object.keys(spec)) {
      if (!router.some((r) => r.path === path && r.method === method))
        problems.push(`${method} ${path} is described in routes.ts but the router has no such route`);
    }
  }
  return problems;
}

/** The described routes of the router, each with its description (routes without one are left to undescribed()). */
export function describedRoutes(): { path: string; method: Method; spec: MethodSpec }[] {
  return ROUTER_ROUTES.flatMap(({ method, path }) => {
    const spec = ROUTES[path]?.[method as Method];
    return spec ? [{ path, method: method as Method, spec }] : [];
  });
}

/** The parameters of a router path: `:id` → id; `:path{.+}` (one or more segments) → path, catch-all. */
export function pathParams(routePath: string): { name: string; catchAll: boolean }[] {
  return [...routePath.matchAll(/:([A-Za-z_$][\w$]*)(?:\{([^}]*)\})?/g)].map((m) => ({ name: m[1], catchAll: m[2] !== undefined && /\.[+*]/.test(m[2]) }));
}

/**
 * The real request URL (path and query) for a router path: each parameter is
 * one URL segment, percent-encoded (so "a/b" or "%00" reach the handler as
 * text); a catch-all's segments are each encoded and joined by "/".
 */
export function urlFor(routePath: string, params: Record<string, string | string[]> = {}, query: Record<string, string> = {}): string {
  const filled = routePath.replace(/:([A-Za-z_$][\w$]*)(?:\{[^}]*\})?/g, (_, name: string) => {
    const value = params[name];
    return Array.isArray(value) ? value.map(encodeURIComponent).join('/') : encodeURIComponent(value ?? 'x');
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${filled}?${search}` : filled;
}

/** A router path as a pattern for a concrete request path (written here, independent of the router's allowedMethods). */
export function routePattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => {
      const param = /^:[A-Za-z_$][\w$]*(?:\{([^}]*)\})?$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return param[1] !== undefined && /\.[+*]/.test(param[1]) ? '.+' : '[^/]+';
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Every method the router answers for a concrete request path: those of every route whose pattern it matches. */
export function methodsAt(requestPath: string): string[] {
  return [...new Set(ROUTER_ROUTES.filter((r) => routePattern(r.path).test(requestPath)).map((r) => r.method))];
}
