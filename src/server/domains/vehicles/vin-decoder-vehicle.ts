import { EL, type ElementValue } from './vin-decoder-elements';

/** What the vPIC pattern data says about the vehicle, typed; null where vPIC has no value. */
export interface VehicleDetails {
  displacementL: number | null;
  cylinders: number | null;
  /** e.g. 'In-Line', 'V-Shaped', 'Horizontally opposed (boxer)'. */
  engineConfiguration: string | null;
  fuelType: string | null;
  fuelTypeSecondary: string | null;
  engineModel: string | null;
  engineHp: number | null;
  turbo: boolean | null;
  /** Free text such as 'Dual Motor - Standard' or 'Direct Fuel Injection / Motor: 135kW'. */
  otherEngineInfo: string | null;
  transmissionStyle: string | null;
  transmissionSpeeds: number | null;
  /** vPIC's drive type as given, e.g. 'AWD/All-Wheel Drive'. */
  driveType: string | null;
  bodyClass: string | null;
  cabType: string | null;
  doors: number | null;
  series: string | null;
  /** e.g. 'Class 2E: 6,001 - 7,000 lb (2,722 - 3,175 kg)'. */
  gvwr: string | null;
  /** vPIC vehicle type of the manufacturer code: 'Passenger Car', 'Truck', 'Multipurpose Passenger Vehicle (MPV)'... */
  vehicleType: string | null;
  /** e.g. 'BEV (Battery Electric Vehicle)', 'PHEV (Plug-in Hybrid Electric Vehicle)'. */
  electrificationLevel: string | null;
  /** No combustion engine (battery-electric or fuel cell): a drive motor and no exhaust. */
  isElectric: boolean;
  /** A combustion engine plus an electric drive, plug-in or not. */
  isHybrid: boolean;
  isPlugInHybrid: boolean;
  batteryKwh: number | null;
  batteryType: string | null;
  evDriveUnit: string | null;
  chargerLevel: string | null;
  plantCity: string | null;
  plantState: string | null;
}

export interface DecodedVehicle {
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  /** e.g. '2.5L 4-cyl Gasoline, 2AR-FE', '3.5L V6 Gasoline Hybrid', 'Electric, Dual Motor'. */
  engine: string | null;
  /** e.g. '6-speed Automatic'; the lite vPIC data rarely has it. */
  transmission: string | null;
  /** 'FWD', 'RWD', 'AWD', '4WD'...: vPIC's drive type, else read from an explicit trim word (xDrive, quattro, 4MATIC, AWD). */
  drivetrain: string | null;
  /** Normalised vPIC body class, e.g. 'Sedan', 'SUV', 'Pickup (Crew Cab)'. */
  bodyStyle: string | null;
  manufacturer: string | null;
  plantCountry: string | null;
  details: VehicleDetails;
}

type Values = ReadonlyMap<number, ElementValue>;

function text(values: Values, id: number): string | null {
  const value = values.get(id)?.text.trim();
  return value ? value : null;
}

function num(values: Values, id: number): number | null {
  const value = text(values, id);
  const n = value === null ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

const FUEL_SHORT: Readonly<Record<string, string>> = {
  'Flexible Fuel Vehicle (FFV)': 'Flex Fuel',
  'Compressed Natural Gas (CNG)': 'CNG',
  'Liquefied Natural Gas (LNG)': 'LNG',
  'Liquefied Petroleum Gas (propane or LPG)': 'LPG',
  'Compressed Hydrogen/Hydrogen': 'Hydrogen',
  'Ethanol (E85)': 'E85',
};

const TRANSMISSION_SHORT: Readonly<Record<string, string>> = {
  'Manual/Standard': 'Manual',
  'Continuously Variable Transmission (CVT)': 'CVT',
  'Electronic Continuously Variable (e-CVT)': 'e-CVT',
  'Dual-Clutch Transmission (DCT)': 'Dual-Clutch (DCT)',
  'Automated Manual Transmission (AMT)': 'Automated Manual (AMT)',
};

const DRIVE_SHORT: Readonly<Record<string, string>> = {
  'FWD/Front-Wheel Drive': 'FWD',
  'RWD/Rear-Wheel Drive': 'RWD',
  'AWD/All-Wheel Drive': 'AWD',
  '4WD/4-Wheel Drive/4x4': '4WD',
};

/** Trim words that name the drive unambiguously; 2WD and sDrive are left out (FWD or RWD). */
const DRIVE_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:SH-)?AWD\b|\bAll[- ]Wheel\b|\bxDrive|\bquattro\b|\b4MATIC\b|-4M\b|\b4MOTION\b|\b(?:Dual|Tri|Quad) Motor\b/i, 'AWD'],
  [/\b4WD\b|\b4x4\b/i, '4WD'],
  [/\bFWD\b/i, 'FWD'],
  [/\bRWD\b/i, 'RWD'],
];

const BODY_SHORT: Readonly<Record<string, string>> = {
  'Sedan/Saloon': 'Sedan',
  'Convertible/Cabriolet': 'Convertible',
  'Hatchback/Liftback/Notchback': 'Hatchback',
  'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)': 'SUV',
  'Crossover Utility Vehicle (CUV)': 'Crossover (CUV)',
  'Sport Utility Truck (SUT)': 'Sport Utility Truck',
  'Low Speed Vehicle (LSV) / Neighborhood Electric Vehicle (NEV)': 'Low Speed Vehicle',
  'Step Van / Walk-in Van': 'Step Van',
};

const CAB_SHORT: Readonly<Record<string, string>> = {
  'Crew/Super Crew/Crew Max': 'Crew Cab',
  'Extra/Super/Quad/Double/King/Extended': 'Extended Cab',
  Regular: 'Regular Cab',
};

/** Engine "models" that name nothing: vPIC sometimes stores the make or 'NA' there. */
const EMPTY_ENGINE_MODELS = new Set(['NA', 'N/A', '-', 'OTHER', 'UNKNOWN']);

function shortFuel(fuel: string | null): string | null {
  return fuel === null ? null : (FUEL_SHORT[fuel] ?? fuel);
}

function fuelText(d: VehicleDetails): string | null {
  const primary = shortFuel(d.fuelType);
  const secondary = shortFuel(d.fuelTypeSecondary);
  if (d.isHybrid) {
    // vPIC records a plug-in hybrid as Electric + Gasoline; name the combustion fuel first.
    const burnt = primary === 'Electric' ? secondary : primary;
    return `${burnt ?? 'Gasoline'} ${d.isPlugInHybrid ? 'Plug-in Hybrid' : 'Hybrid'}`;
  }
  if (primary === null) return null;
  return secondary && secondary !== primary ? `${primary}/${secondary}` : primary;
}

function cylinderText(d: VehicleDetails): string | null {
  if (!d.cylinders) return null;
  const config = d.engineConfiguration ?? '';
  if (config.startsWith('V')) return `V${d.cylinders}`;
  if (config.startsWith('W')) return `W${d.cylinders}`;
  if (/opposed|boxer/i.test(config)) return `Flat-${d.cylinders}`;
  return `${d.cylinders}-cyl`;
}

function engineModelText(d: VehicleDetails, make: string): string | null {
  // GM appends long notes ('LEA - SIDI: Spark Ignited Direct Injection, ...'): keep the code.
  const code = d.engineModel?.split(' - ')[0]?.trim() ?? '';
  if (!code || EMPTY_ENGINE_MODELS.has(code.toUpperCase()) || code.toLowerCase() === make.toLowerCase()) return null;
  return code;
}

function engineText(d: VehicleDetails, make: string): string | null {
  if (d.isElectric) {
    const motor = d.evDriveUnit ?? /\b(?:Single|Dual|Tri|Quad) Motor\b/i.exec(d.otherEngineInfo ?? '')?.[0] ?? null;
    const parts = [/Fuel Cell|Hydrogen/.test(d.fuelType ?? '') ? 'Fuel Cell Electric' : 'Electric', motor, d.engineHp ? `${d.engineHp} hp` : null];
    return parts.filter(Boolean).join(', ');
  }
  const head = [
    d.displacementL ? `${(Math.round(d.displacementL * 10) / 10).toFixed(1)}L` : null,
    cylinderText(d),
    d.turbo ? 'Turbo' : null,
    fuelText(d),
  ]
    .filter(Boolean)
    .join(' ');
  const code = engineModelText(d, make);
  if (!head) return code;
  return code ? `${head}, ${code}` : head;
}

function transmissionText(d: VehicleDetails): string | null {
  const style = d.transmissionStyle === null ? null : (TRANSMISSION_SHORT[d.transmissionStyle] ?? d.transmissionStyle);
  if (d.transmissionSpeeds && style) return `${d.transmissionSpeeds}-speed ${style}`;
  if (d.transmissionSpeeds) return `${d.transmissionSpeeds}-speed`;
  return style;
}

function drivetrainText(d: VehicleDetails, words: (string | null)[]): string | null {
  if (d.driveType !== null) return DRIVE_SHORT[d.driveType] ?? d.driveType;
  const haystack = words.filter(Boolean).join(' ');
  const found = new Set(DRIVE_WORDS.filter(([pattern]) => pattern.test(haystack)).map(([, drive]) => drive));
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

function bodyText(d: VehicleDetails): string | null {
  if (d.bodyClass === null) return null;
  const body = BODY_SHORT[d.bodyClass] ?? d.bodyClass.replace(/^Incomplete - /, '');
  const cab = d.cabType === null ? null : (CAB_SHORT[d.cabType] ?? d.cabType);
  return body === 'Pickup' && cab ? `Pickup (${cab})` : body;
}

/** Title case for vPIC's upper-case country names, keeping a bracketed code: 'United States (USA)'. */
export function countryName(raw: string | null): string | null {
  if (!raw) return null;
  return raw
    .split(/(\([^)]*\))/)
    .map((part) => (part.startsWith('(') ? part : part.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase())))
    .join('')
    .trim();
}

const COMBUSTION_FUELS = /Gasoline|Diesel|Ethanol|Flex|Natural Gas|Petroleum|Methanol|E85/i;

export function vehicleDetails(values: Values): VehicleDetails {
  const electrificationLevel = text(values, EL.electrificationLevel);
  const fuelType = text(values, EL.fuelPrimary);
  const fuelTypeSecondary = text(values, EL.fuelSecondary);
  const level = electrificationLevel ?? '';
  const fuels = [fuelType, fuelTypeSecondary];
  const burnsFuel = fuels.some((f) => f !== null && COMBUSTION_FUELS.test(f));
  const usesElectricity = fuels.includes('Electric');
  const isElectric =
    level.startsWith('BEV') || level.startsWith('FCEV') || (!burnsFuel && (usesElectricity || fuelType === 'Fuel Cell'));
  const isHybrid = !isElectric && (/HEV/.test(level) || (burnsFuel && usesElectricity));
  const turbo = text(values, EL.turbo);
  return {
    displacementL: num(values, EL.displacementL),
    cylinders: num(values, EL.cylinders),
    engineConfiguration: text(values, EL.engineConfiguration),
    fuelType,
    fuelTypeSecondary,
    engineModel: text(values, EL.engineModel),
    engineHp: num(values, EL.engineHp),
    turbo: turbo === null ? null : turbo === 'Yes',
    otherEngineInfo: text(values, EL.otherEngineInfo),
    transmissionStyle: text(values, EL.transmissionStyle),
    transmissionSpeeds: num(values, EL.transmissionSpeeds),
    driveType: text(values, EL.driveType),
    bodyClass: text(values, EL.bodyClass),
    cabType: text(values, EL.cabType),
    doors: num(values, EL.doors),
    series: text(values, EL.series),
    gvwr: text(values, EL.gvwr),
    vehicleType: text(values, EL.vehicleType),
    electrificationLevel,
    isElectric,
    isHybrid,
    // Electric as the primary fuel with a combustion fallback is how vPIC records plug-ins.
    isPlugInHybrid: isHybrid && (level.startsWith('PHEV') || fuelType === 'Electric'),
    batteryKwh: num(values, EL.batteryKwh),
    batteryType: text(values, EL.batteryType),
    evDriveUnit: text(values, EL.evDriveUnit),
    chargerLevel: text(values, EL.chargerLevel),
    plantCity: text(values, EL.plantCity),
    plantState: text(values, EL.plantState),
  };
}

export interface VehicleIdentity {
  vin: string;
  year: number;
  make: string;
  model: string;
  manufacturer: string | null;
  /** Country of the manufacturer code, used when no plant pattern matched. */
  wmiCountry: string | null;
}

export function decodedVehicle(identity: VehicleIdentity, values: Values): DecodedVehicle {
  const details = vehicleDetails(values);
  const trim = text(values, EL.trim) ?? text(values, EL.trim2);
  // Other Engine Info is free text (GM lists battery options such as 'FWD, EAWD'); only a motor count is trusted there.
  const motors = /\b(?:Dual|Tri|Quad) Motor\b/i.exec(details.otherEngineInfo ?? '')?.[0] ?? null;
  const driveWords = [trim, text(values, EL.trim2), details.series, text(values, EL.series2), identity.model, motors];
  return {
    vin: identity.vin,
    year: identity.year,
    make: identity.make,
    model: identity.model,
    trim,
    engine: engineText(details, identity.make),
    transmission: transmissionText(details),
    drivetrain: drivetrainText(details, driveWords),
    bodyStyle: bodyText(details),
    manufacturer: identity.manufacturer,
    plantCountry: countryName(text(values, EL.plantCountry) ?? identity.wmiCountry),
    details,
  };
}
