/** The trip most ride tests book: Chennai to Bengaluru, one way, outstation, picked up in 36 hours. */
export const chennaiToBengaluru = () => ({
  rideType: 'oneway' as const,
  tripKind: 'outstation' as const,
  pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
  dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
  pickupTime: new Date(Date.now() + 36 * 3600_000).toISOString(),
});

/** A one-way trip in the UAE, for operators whose market is there. */
export const dubaiToAbuDhabi = () => ({
  ...chennaiToBengaluru(),
  pickupLocation: { lat: 25.2048, lng: 55.2708, name: 'Dubai' },
  dropoffLocation: { lat: 24.4539, lng: 54.3773, name: 'Abu Dhabi' },
});
