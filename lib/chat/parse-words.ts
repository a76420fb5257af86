import type { VehicleType } from '@/lib/db/schema/rides';

/** Words riders use for each vehicle type (matched as whole words, lower case). */
export const VEHICLE_WORDS: [VehicleType, RegExp][] = [
  ['electric', /\b(electric|e-?cars?|evs?|nexon|tigor|e6)\b/],
  ['luxury', /\b(luxury|luxurious|premium|lux|mercedes|benz|bmw|audi|camry|superb)\b/],
  ['suv', /\b(suvs?|muvs?|innova|crysta|hycross|ertiga|xuv\d*|scorpio|carens|xl6|[67][ -]?seaters?|(six|seven)[ -]seaters?|big car|large car)\b/],
  ['sedan', /\b(sedans?|saloon|prime|dzire|desire|etios|verna|aura|amaze|slavia|honda city|4[ -]?seater sedan)\b/],
  ['hatchback', /\b(hatchbacks?|hatch|mini|micro|small car|compact|swift|indica|wagon ?r|alto|tiago|i10|i20|kwid|celerio|baleno)\b/],
];

export const NON_AC = /\b(non[- ]?a\.?c\.?|without a\.?c\.?|no a\.?c\.?|non[- ]?air[- ]?condition(ed|ing)?)\b/;
export const AC = /\b(a\.?c\.?|a\/c|air[- ]?condition(ed|ing)?|with ac)\b/;

export const ONE_WAY = /\b(one[- ]?way|single (trip|journey)|drop only|one side|only drop)\b/;
export const ROUND_TRIP = /\b(round[- ]?trip|return (trip|journey|ride)|two[- ]?way|both (ways|sides)|up and down|and back|return)\b/;
/** Starts the part of a message that is about the return ("return on friday 5pm"). */
export const RETURN_MARKER = /\b(return(?:ing)?|coming back|come back|back on|back by|back at)\b(?!\s+(trip|journey|ride)\b)/;

export const AIRPORT_TRIP = /\b(airport|airpot|aiport|flight|terminal|arrival|departure|pick ?up from (the )?airport)\b/;
export const RENTAL_TRIP = /\b(rental|rent|renting|hourly|at (my )?disposal|full[- ]day|half[- ]day|for \d{1,2} ?(hours?|hrs?|h))\b/;
export const OUTSTATION_TRIP = /\b(outstation|out of (town|station|city)|intercity|inter-city)\b/;
export const LOCAL_TRIP = /\b(local|within (the )?city|in (the )?city|in town|city ride)\b/;

/** IATA airline codes of carriers common on the operators' routes; other codes need the word "flight". */
export const AIRLINE_CODES = new Set([
  '6E',
  'AI',
  'IX',
  'UK',
  'SG',
  'QP',
  'I5',
  'G8',
  '9I',
  'S5',
  'EK',
  'EY',
  'FZ',
  'G9',
  'QR',
  'WY',
  'SV',
  'XY',
  'GF',
  'KU',
  'SQ',
  'TR',
  'MH',
  'AK',
  'TG',
  'BA',
  'VS',
  'LH',
  'AF',
  'KL',
  'TK',
  'UL',
  'CX',
  'AA',
  'UA',
  'DL',
  'QF',
  'LX',
  'OS',
]);

/** Words that end a place phrase (and never start one). */
export const STOP_WORDS = new Set(
  `a about after again all am an and any anything are as asap at back be been before book booking both but by cab cabs can car cars could day days do
  does drop dropoff drive driver each early evening for from get go going have having hello help hey hi hire how i i'd i'm in is it its just kindly late
  let like me mid midnight morning my need needed next night no noon not now of off ok okay on one only or our please pls pick pickup plz price quote rate
  reach ride rides round same seater should so some taxi taxis that the then there this through tickets time to today tomorrow tonight travel trip trips
  two up us via want wanna was way we what when where which will with would yes you your tmrw tmr tomorow tommorow tommorrow morrow yesterday
  oneway one-way return returning afternoon o'clock oclock hrs hours hour hr minutes mins min week weekend with without ac non nonac non-ac a/c
  instead actually change make set sorry fine thanks thank good great cheap cheapest fare fares cost much many people persons person passengers pax
  flight terminal arrival departure rental rent hourly package disposal full half local outstation intercity change wait right sure yeah yep
  monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
  january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec`.split(/\s+/),
);

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export const WEEKDAY_ALIASES: Record<string, number> = { sun: 0, mon: 1, tue: 2, tues: 2, wed: 3, thu: 4, thur: 4, thurs: 4, fri: 5, sat: 6 };
export const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

export const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5 };

export const YES =
  /^(yes|yeah|yea|yep|yup|ya|y|sure|ok|okay|k|confirm|confirmed|book it|yes book|go ahead|please book|do it|correct|right|haan|ha|ji|proceed|done|perfect|fine)\b/;
export const NO = /^(no|nope|nah|n|don'?t|do not|not now|never ?mind|stop|wait|hold on)\b/;
export const STATUS_INTENT =
  /\b(status|where is my (ride|cab|taxi|driver|car)|my (rides|bookings|trips|booking|ride)|upcoming (rides|bookings|trips)|track( my)? (ride|cab|taxi|driver))\b/;
/** "cancellation policy", "what if I cancel", "is there a cancellation fee", "cancellation charges": the rule, not a cancellation. */
export const CANCEL_POLICY_INTENT =
  /\b(cancellation|cancelling|canceling|refund)s?\b.*\b(policy|policies|rules?|fees?|charges?|costs?|free|terms)\b|\b(policy|rules?|fees?|charges?|cost)\b.*\b(cancel|cancellation|cancelling)\b|\bwhat (if|happens if) i cancel\b/;
export const CANCEL_INTENT = /\bcancel\b.*\b(ride|booking|trip|cab|taxi|#?\d+)\b|\bcancel (it|that)\b/;
export const RESTART_INTENT = /\b(start (over|again)|restart|reset|new (booking|ride|trip)|book another|another (ride|trip|booking))\b/;
export const GREETING = /^(hi+|hello|hey|hai|namaste|namaskar|vanakkam|good (morning|afternoon|evening)|greetings)[\s!.,]*$/;
export const BOOK_INTENT = /\b(cab|cabs|taxi|taxis|car|ride|book|booking|trip|drop|pickup)\b/;
export const HELP = /^(help|\?+|what can you do\??|how does this work\??|menu)$/;
