import { displayFlightNumber, flightNumberIssue, normaliseFlightNumber } from '@/lib/booking/flight-number';
import { flightNumberSchema } from '@/lib/booking/schemas';
import { parseFlight } from '@/lib/flights/check';

describe('flight numbers as riders type them', () => {
  it('normalises case, spaces, hyphens and dots', () => {
    for (const typed of ['ai302', 'AI 302', 'AI-302', ' ai.302 ', 'Ai 3 0 2']) expect(flightNumberSchema.parse(typed)).toBe('AI302');
    expect(flightNumberSchema.parse('6e 2134')).toBe('6E2134');
    expect(flightNumberSchema.parse('')).toBeUndefined();
    expect(displayFlightNumber(normaliseFlightNumber('6e-2134'))).toBe('6E 2134');
  });

  it('refuses letters in the number, a 9-digit number and a missing airline, each with its own key', () => {
    expect(flightNumberIssue('AI3O2')).toBe('flightDigits');
    expect(flightNumberIssue('AI 302345678')).toBe('flightTooLong');
    expect(flightNumberIssue('302')).toBe('flightInvalid');
    expect(flightNumberIssue('AIRINDIA')).toBe('flightInvalid');
    const result = flightNumberSchema.safeParse('AI 3O2');
    expect(result.success ? undefined : result.error.issues[0].message).toBe('flightDigits');
  });

  it('knows airlines by their IATA or ICAO code (OpenFlights), and names an unknown one', () => {
    expect(parseFlight('ai 302')).toMatchObject({ flight: 'AI302', airline: { name: 'Air India Limited' } });
    expect(parseFlight('AIC302')).toMatchObject({ flight: 'AI302' });
    expect(parseFlight('6E 2134')).toMatchObject({ flight: '6E2134', airline: { name: 'IndiGo Airlines' } });
    try {
      parseFlight('Q1 302');
      throw new Error('accepted');
    } catch (error) {
      expect(error).toMatchObject({ kind: 'invalid', field: 'flightNumber', key: 'flightAirlineUnknown', values: { airline: 'Q1' } });
    }
  });
});
