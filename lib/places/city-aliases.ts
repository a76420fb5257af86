/** Former and common names that GeoNames files under another name (search key -> GeoNames name, country). */
export const CITY_ALIASES: [string, string, string][] = [
  ['bangalore', 'Bengaluru', 'IN'],
  ['bombay', 'Mumbai', 'IN'],
  ['madras', 'Chennai', 'IN'],
  ['calcutta', 'Kolkata', 'IN'],
  ['pondicherry', 'Puducherry', 'IN'],
  ['pondy', 'Puducherry', 'IN'],
  ['mysuru', 'Mysore', 'IN'],
  ['kochi', 'Cochin', 'IN'],
  ['ernakulam', 'Cochin', 'IN'],
  ['trivandrum', 'Thiruvananthapuram', 'IN'],
  ['gurugram', 'Gurgaon', 'IN'],
  ['poona', 'Pune', 'IN'],
  ['benares', 'Varanasi', 'IN'],
  ['baroda', 'Vadodara', 'IN'],
  ['vizag', 'Visakhapatnam', 'IN'],
  ['calicut', 'Kozhikode', 'IN'],
  ['delhi', 'New Delhi', 'IN'],
];

/** Lower-case, accents removed, only letters and digits: "São Paulo" -> "saopaulo". */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}
