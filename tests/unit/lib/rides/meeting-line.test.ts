import { withMeetingPoint } from '@/lib/rides/flight-notices';
import { MESSAGE_TEXT_MAX } from '@/lib/messaging/safe-text';

/*
 * The driver details' meeting-point line (lib/rides/flight-notices.ts): the
 * operator's text gives way so the message keeps to one SMS's length with
 * the link to the track page's meeting point whole; with no room the details
 * go alone.
 */

const TRACK = 'http://localhost:3000/in/en/track/driver?rideId=41&token=Q2hlbm5haS1haXJwb3J0LW1lZXRpbmctcG9pbnQtdG9rZW4';
const line = ({ meetingPoint, meetingUrl }: { meetingPoint: string; meetingUrl: string }) => `Meeting point: ${meetingPoint}\nSee where to meet: ${meetingUrl}`;
const details = (chars: number) => `Demo Cabs: your driver ${'x'.repeat(chars - 33 - TRACK.length)} Track: ${TRACK}`;
const MEETING = `Arrivals exit gate 4, by the coffee counter; ${'look for the blue board. '.repeat(7)}`.slice(0, 200);

describe('the meeting-point line of the driver details', () => {
  it('keeps the whole text when it fits, with the link to the meeting point', () => {
    const { text, links } = withMeetingPoint(details(200), line, MEETING, TRACK);
    expect(text).toBe(`${details(200)}\nMeeting point: ${MEETING}\nSee where to meet: ${TRACK}#meeting-point`);
    expect(links).toEqual([`${TRACK}#meeting-point`, TRACK]);
  });

  it('cuts the text, never the link, when the whole would pass an SMS', () => {
    const { text } = withMeetingPoint(details(380), line, MEETING, TRACK);
    // cut() drops a space left before its ellipsis
    expect(Array.from(text).length).toBeGreaterThan(MESSAGE_TEXT_MAX.sms - 3);
    expect(Array.from(text).length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX.sms);
    expect(text).toMatch(/Meeting point: Arrivals exit gate 4, by the coffee counter; look for .*…\nSee where to meet: \S+#meeting-point$/);
    expect(text.endsWith(`${TRACK}#meeting-point`)).toBe(true);
  });

  it('sends the details alone when not even a short text and the link fit', () => {
    expect(withMeetingPoint(details(560), line, MEETING, TRACK)).toEqual({ text: details(560), links: [TRACK] });
  });
});
