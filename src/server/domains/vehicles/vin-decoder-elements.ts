/** vPIC element ids the decoder reads (table Element). */
export const EL = {
  batteryType: 2,
  cabType: 4,
  bodyClass: 5,
  cylinders: 9,
  displacementCc: 11,
  displacementCi: 12,
  displacementL: 13,
  doors: 14,
  driveType: 15,
  engineModel: 18,
  fuelPrimary: 24,
  gvwr: 25,
  make: 26,
  manufacturer: 27,
  model: 28,
  modelYear: 29,
  plantCity: 31,
  series: 34,
  transmissionStyle: 37,
  trim: 38,
  vehicleType: 39,
  batteryKwh: 59,
  transmissionSpeeds: 63,
  engineConfiguration: 64,
  fuelSecondary: 66,
  engineHp: 71,
  evDriveUnit: 72,
  plantCountry: 75,
  plantState: 77,
  series2: 110,
  trim2: 109,
  electrificationLevel: 126,
  chargerLevel: 127,
  otherEngineInfo: 129,
  batteryKwhTo: 134,
  turbo: 135,
} as const;

export interface ElementValue {
  /** The pattern's raw value: a lookup id for lookup elements. */
  attributeId: string;
  /** The value as text, lookups resolved (e.g. 'Sedan/Saloon'). */
  text: string;
}
