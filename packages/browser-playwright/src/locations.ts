/**
 * What `location.country` emulates: the timezone, coordinates (of the capital or largest city)
 * and default locale of the country. Public facts, one line per country.
 */
export interface CountryProfile {
  timezoneId: string;
  latitude: number;
  longitude: number;
  locale: string;
}

const COUNTRIES: Record<string, [timezoneId: string, latitude: number, longitude: number, locale: string]> = {
  AE: ['Asia/Dubai', 25.2, 55.27, 'ar-AE'],
  AR: ['America/Argentina/Buenos_Aires', -34.6, -58.38, 'es-AR'],
  AT: ['Europe/Vienna', 48.21, 16.37, 'de-AT'],
  AU: ['Australia/Sydney', -33.87, 151.21, 'en-AU'],
  BD: ['Asia/Dhaka', 23.81, 90.41, 'bn-BD'],
  BE: ['Europe/Brussels', 50.85, 4.35, 'nl-BE'],
  BG: ['Europe/Sofia', 42.7, 23.32, 'bg-BG'],
  BR: ['America/Sao_Paulo', -23.55, -46.63, 'pt-BR'],
  CA: ['America/Toronto', 43.65, -79.38, 'en-CA'],
  CH: ['Europe/Zurich', 47.38, 8.54, 'de-CH'],
  CL: ['America/Santiago', -33.45, -70.67, 'es-CL'],
  CN: ['Asia/Shanghai', 31.23, 121.47, 'zh-CN'],
  CO: ['America/Bogota', 4.71, -74.07, 'es-CO'],
  CZ: ['Europe/Prague', 50.08, 14.44, 'cs-CZ'],
  DE: ['Europe/Berlin', 52.52, 13.4, 'de-DE'],
  DK: ['Europe/Copenhagen', 55.68, 12.57, 'da-DK'],
  EE: ['Europe/Tallinn', 59.44, 24.75, 'et-EE'],
  EG: ['Africa/Cairo', 30.04, 31.24, 'ar-EG'],
  ES: ['Europe/Madrid', 40.42, -3.7, 'es-ES'],
  FI: ['Europe/Helsinki', 60.17, 24.94, 'fi-FI'],
  FR: ['Europe/Paris', 48.86, 2.35, 'fr-FR'],
  GB: ['Europe/London', 51.51, -0.13, 'en-GB'],
  GR: ['Europe/Athens', 37.98, 23.73, 'el-GR'],
  HK: ['Asia/Hong_Kong', 22.32, 114.17, 'zh-HK'],
  HR: ['Europe/Zagreb', 45.81, 15.98, 'hr-HR'],
  HU: ['Europe/Budapest', 47.5, 19.04, 'hu-HU'],
  ID: ['Asia/Jakarta', -6.21, 106.85, 'id-ID'],
  IE: ['Europe/Dublin', 53.35, -6.26, 'en-IE'],
  IL: ['Asia/Jerusalem', 32.09, 34.78, 'he-IL'],
  IN: ['Asia/Kolkata', 19.08, 72.88, 'en-IN'],
  IT: ['Europe/Rome', 41.9, 12.5, 'it-IT'],
  JP: ['Asia/Tokyo', 35.68, 139.69, 'ja-JP'],
  KE: ['Africa/Nairobi', -1.29, 36.82, 'en-KE'],
  KR: ['Asia/Seoul', 37.57, 126.98, 'ko-KR'],
  LT: ['Europe/Vilnius', 54.69, 25.28, 'lt-LT'],
  LV: ['Europe/Riga', 56.95, 24.11, 'lv-LV'],
  MA: ['Africa/Casablanca', 33.57, -7.59, 'fr-MA'],
  MX: ['America/Mexico_City', 19.43, -99.13, 'es-MX'],
  MY: ['Asia/Kuala_Lumpur', 3.14, 101.69, 'ms-MY'],
  NG: ['Africa/Lagos', 6.52, 3.38, 'en-NG'],
  NL: ['Europe/Amsterdam', 52.37, 4.9, 'nl-NL'],
  NO: ['Europe/Oslo', 59.91, 10.75, 'nb-NO'],
  NZ: ['Pacific/Auckland', -36.85, 174.76, 'en-NZ'],
  PE: ['America/Lima', -12.05, -77.04, 'es-PE'],
  PH: ['Asia/Manila', 14.6, 120.98, 'en-PH'],
  PK: ['Asia/Karachi', 24.86, 67.01, 'ur-PK'],
  PL: ['Europe/Warsaw', 52.23, 21.01, 'pl-PL'],
  PT: ['Europe/Lisbon', 38.72, -9.14, 'pt-PT'],
  RO: ['Europe/Bucharest', 44.43, 26.1, 'ro-RO'],
  RS: ['Europe/Belgrade', 44.79, 20.45, 'sr-RS'],
  RU: ['Europe/Moscow', 55.76, 37.62, 'ru-RU'],
  SA: ['Asia/Riyadh', 24.71, 46.68, 'ar-SA'],
  SE: ['Europe/Stockholm', 59.33, 18.07, 'sv-SE'],
  SG: ['Asia/Singapore', 1.35, 103.82, 'en-SG'],
  SK: ['Europe/Bratislava', 48.15, 17.11, 'sk-SK'],
  TH: ['Asia/Bangkok', 13.76, 100.5, 'th-TH'],
  TR: ['Europe/Istanbul', 41.01, 28.98, 'tr-TR'],
  TW: ['Asia/Taipei', 25.03, 121.57, 'zh-TW'],
  UA: ['Europe/Kyiv', 50.45, 30.52, 'uk-UA'],
  US: ['America/New_York', 40.71, -74.01, 'en-US'],
  VN: ['Asia/Ho_Chi_Minh', 10.82, 106.63, 'vi-VN'],
  ZA: ['Africa/Johannesburg', -26.2, 28.05, 'en-ZA'],
};

/** The profile of an ISO 3166-1 alpha-2 code, or undefined for a country not in the table. */
export function countryProfile(country: string): CountryProfile | undefined {
  const row = COUNTRIES[country.toUpperCase()];
  if (!row) return undefined;
  const [timezoneId, latitude, longitude, locale] = row;
  return { timezoneId, latitude, longitude, locale };
}

/** An Accept-Language value for locales in priority order: `de-DE,de;q=0.9,en;q=0.8`. */
export function acceptLanguage(locales: readonly string[]): string {
  const tags: string[] = [];
  for (const locale of locales) {
    for (const tag of [locale, locale.split('-')[0]!]) if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags.map((tag, i) => (i === 0 ? tag : `${tag};q=${Math.max(0.1, 1 - i * 0.1).toFixed(1)}`)).join(',');
}

export function supportedCountries(): string[] {
  return Object.keys(COUNTRIES);
}
