/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { ContactForm } from '@/components/leads/contact-form';
import { sketchPosition, TrackSketch } from '@/components/tracking/track-sketch';

let posts: { url: string; body: unknown }[] = [];

beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
});

beforeEach(() => {
  posts = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    posts.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return { ok: true, status: 200, statusText: '', json: async () => ({ success: true, data: { id: 1 } }) } as Response;
  }) as typeof fetch;
});

function renderForm() {
  return render(
    <NextIntlClientProvider locale="en" messages={en}>
      <ContactForm businessName="Demo Cabs" />
    </NextIntlClientProvider>,
  );
}

describe('the contact-us form', () => {
  it('has the spec fields, with Please Select (empty) first', () => {
    renderForm();
    for (const label of ['First Name', 'Last Name', 'Company Name', 'Email Address', 'What Are You Looking For?', 'Write in Detail/Comment'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    const options = Array.from((screen.getByLabelText('What Are You Looking For?') as HTMLSelectElement).options).map((o) => [o.value, o.text]);
    expect(options).toEqual([
      ['', 'Please Select'],
      ['product', 'Learn about product'],
      ['pricing', 'Discuss Pricing'],
      ['meeting', 'Schedule Meeting'],
    ]);
    expect(screen.getByRole('button', { name: 'Submit Now' })).toBeInTheDocument();
  });

  it('shows what is missing and sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Now' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Choose what you are looking for')).toBeInTheDocument();
    expect(screen.getByText('Write your message')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('submits the enquiry and confirms it', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('What Are You Looking For?'), { target: { value: 'meeting' } });
    fireEvent.change(screen.getByLabelText('Write in Detail/Comment'), { target: { value: 'Can we meet next week?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! Your message has been sent.');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/leads/contact',
      body: { firstName: 'Asha', lastName: '', company: '', email: 'asha@example.com', looking_for_name: 'meeting', enquery: 'Can we meet next week?' },
    });
  });
});

describe('the track sketch', () => {
  const pickup = { lat: 13.0827, lng: 80.2707, name: 'Chennai Central' };
  const labels = { label: 'Map', caption: '2 km', driverLabel: 'Driver', pickupLabel: 'Pickup', driverMarker: 'Dr', pickupMarker: 'P' };

  it('moves the driver marker on every move, with Driver and Pickup labels and the line', () => {
    const { rerender } = render(<TrackSketch pickup={pickup} driver={{ lat: 13.06, lng: 80.25 }} {...labels} />);
    const marker = screen.getByTestId('driver-marker');
    expect(marker).toHaveAttribute('data-lat', '13.06');
    expect(marker).toHaveTextContent('Driver');
    expect(screen.getByText('Pickup')).toBeInTheDocument();
    const before = marker.getAttribute('style');
    rerender(<TrackSketch pickup={pickup} driver={{ lat: 13.061, lng: 80.251 }} {...labels} />);
    expect(screen.getByTestId('driver-marker')).toHaveAttribute('data-lat', '13.061');
    expect(screen.getByTestId('driver-marker').getAttribute('style')).not.toBe(before);
    expect(screen.getByTestId('track-line')).toBeInTheDocument();
  });

  it('says it is a sketch, not a map, when given the note', () => {
    render(<TrackSketch pickup={pickup} driver={{ lat: 13.06, lng: 80.25 }} {...labels} note="Sketch, not a map" />);
    expect(screen.getByText('Sketch, not a map')).toBeInTheDocument();
  });

  it('keeps the pickup at the centre and small moves visible', () => {
    const a = sketchPosition(pickup, { lat: 13.07, lng: 80.26 });
    const b = sketchPosition(pickup, { lat: 13.0701, lng: 80.26 });
    expect(a.y).not.toBeCloseTo(b.y, 3);
    expect(sketchPosition(pickup, pickup)).toEqual({ x: 160, y: 110 });
  });
});
