/** Where the fleet map opens before any driver has a position: the main service city, else the first, else India's centre (docs/requirements/rider.md#numbers-the-screens-use: 20.5937, 78.9629). */
export function fleetMapCentre(cities: { lat: number; lng: number; isMain: boolean }[]): { lat: number; lng: number } {
  const city = cities.find((c) => c.isMain) ?? cities[0];
  return city ? { lat: city.lat, lng: city.lng } : { lat: 20.5937, lng: 78.9629 };
}
