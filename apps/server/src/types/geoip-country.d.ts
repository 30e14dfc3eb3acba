declare module 'geoip-country' {
  export interface CountryRecord {
    country: string;
    name: string;
    phone: number[];
  }
  export function lookup(ip: string): CountryRecord | null;
  const geoip: { lookup: typeof lookup };
  export default geoip;
}
