/** Static sample content of the Diagnostic Tools page (SPEC 2.7). */

export type Severity = 'Critical' | 'Warning' | 'Info';

export interface ObdConnection {
  adapter: string;
  protocol: string;
  vehicle: string;
  vin: string;
  voltage: string;
  milOn: boolean;
  monitorsReady: string;
}

export const OBD_CONNECTION: ObdConnection = {
  adapter: 'ELM327 v2.2 (Bluetooth)',
  protocol: 'ISO 15765-4 CAN (11 bit, 500 kbaud)',
  vehicle: '2019 Ford F-150 XLT 3.5 L',
  vin: '1FTEW1EP5KFA12345',
  voltage: '14.1 V',
  milOn: true,
  monitorsReady: '9 of 11',
};

export interface LiveReading {
  pid: string;
  label: string;
  value: string;
  unit: string;
  /** Where the value sits in its normal range, 0–100, for the gauge bar. */
  gauge: number;
  inRange: boolean;
}

export const LIVE_DATA: LiveReading[] = [
  { pid: '0C', label: 'Engine speed', value: '742', unit: 'rpm', gauge: 12, inRange: true },
  { pid: '05', label: 'Coolant temperature', value: '96', unit: '°C', gauge: 64, inRange: true },
  { pid: '06', label: 'Short-term fuel trim B1', value: '+14.8', unit: '%', gauge: 92, inRange: false },
  { pid: '07', label: 'Long-term fuel trim B1', value: '+11.7', unit: '%', gauge: 86, inRange: false },
  { pid: '10', label: 'Mass air flow', value: '3.9', unit: 'g/s', gauge: 18, inRange: true },
  { pid: '14', label: 'O2 sensor B1S1', value: '0.12', unit: 'V', gauge: 14, inRange: true },
  { pid: '42', label: 'Control module voltage', value: '14.1', unit: 'V', gauge: 70, inRange: true },
];

export interface ErrorCode {
  code: string;
  description: string;
  system: string;
  severity: Severity;
  status: 'Confirmed' | 'Pending' | 'Permanent';
  causes: string[];
}

export const ERROR_CODES: ErrorCode[] = [
  {
    code: 'P0301',
    description: 'Cylinder 1 misfire detected',
    system: 'Powertrain: ignition',
    severity: 'Critical',
    status: 'Confirmed',
    causes: ['Worn spark plug or failed coil-on-plug', 'Leaking fuel injector', 'Low compression on cylinder 1'],
  },
  {
    code: 'P0171',
    description: 'System too lean (bank 1)',
    system: 'Powertrain: fuel and air metering',
    severity: 'Warning',
    status: 'Confirmed',
    causes: ['Vacuum leak after the MAF sensor', 'Dirty MAF sensor', 'Weak fuel pump or clogged filter'],
  },
  {
    code: 'P0420',
    description: 'Catalyst system efficiency below threshold (bank 1)',
    system: 'Powertrain: emissions',
    severity: 'Warning',
    status: 'Pending',
    causes: ['Ageing catalytic converter', 'Exhaust leak before the downstream O2 sensor', 'Faulty O2 sensor B1S2'],
  },
  {
    code: 'C0035',
    description: 'Left front wheel speed sensor circuit',
    system: 'Chassis: ABS',
    severity: 'Warning',
    status: 'Permanent',
    causes: ['Damaged sensor wiring', 'Debris on the tone ring', 'Failed wheel speed sensor'],
  },
  {
    code: 'U0100',
    description: 'Lost communication with ECM/PCM "A"',
    system: 'Network: CAN bus',
    severity: 'Critical',
    status: 'Pending',
    causes: ['Loose ECM connector', 'CAN bus wiring fault', 'Low battery voltage during cranking'],
  },
  {
    code: 'B1318',
    description: 'Battery voltage low',
    system: 'Body: power distribution',
    severity: 'Info',
    status: 'Confirmed',
    causes: ['Parasitic drain while parked', 'Ageing battery', 'Short trips without a full charge'],
  },
];

export type TestOutcome = 'Passed' | 'Failed' | 'Not run';

export interface SystemTest {
  name: string;
  description: string;
  duration: string;
  lastRun: string;
  outcome: TestOutcome;
  /** Completion of the monitor, 0–100. */
  readiness: number;
}

export const SYSTEM_TESTS: SystemTest[] = [
  {
    name: 'Battery and charging',
    description: 'Cranking voltage drop and alternator output under load.',
    duration: '2 min',
    lastRun: 'Oct 14, 2024',
    outcome: 'Passed',
    readiness: 100,
  },
  {
    name: 'Misfire monitor',
    description: 'Counts misfires per cylinder over 1,000 revolutions.',
    duration: '5 min',
    lastRun: 'Oct 14, 2024',
    outcome: 'Failed',
    readiness: 100,
  },
  {
    name: 'EVAP leak test',
    description: 'Seals the fuel vapour system and watches the pressure decay.',
    duration: '15 min',
    lastRun: 'Oct 2, 2024',
    outcome: 'Passed',
    readiness: 100,
  },
  {
    name: 'Catalyst monitor',
    description: 'Compares upstream and downstream O2 switching.',
    duration: '20 min drive',
    lastRun: 'Never',
    outcome: 'Not run',
    readiness: 45,
  },
  {
    name: 'O2 sensor heater',
    description: 'Heater circuit resistance and warm-up time.',
    duration: '3 min',
    lastRun: 'Oct 14, 2024',
    outcome: 'Passed',
    readiness: 100,
  },
];

export interface DiagnosticReport {
  id: string;
  vehicle: string;
  date: string;
  technician: string;
  codes: number;
  highestSeverity: Severity;
  summary: string;
}

export const REPORTS: DiagnosticReport[] = [
  {
    id: 'DR-2024-1014',
    vehicle: '2019 Ford F-150 XLT',
    date: 'Oct 14, 2024',
    technician: 'J. Alvarez',
    codes: 6,
    highestSeverity: 'Critical',
    summary: 'Misfire on cylinder 1 with lean condition; coil swap test recommended.',
  },
  {
    id: 'DR-2024-1009',
    vehicle: '2021 Toyota Camry SE',
    date: 'Oct 9, 2024',
    technician: 'K. Osei',
    codes: 1,
    highestSeverity: 'Warning',
    summary: 'Pending P0420 after a catalytic converter replacement; recheck after a drive cycle.',
  },
  {
    id: 'DR-2024-1002',
    vehicle: '2020 Honda Civic EX',
    date: 'Oct 2, 2024',
    technician: 'J. Alvarez',
    codes: 0,
    highestSeverity: 'Info',
    summary: 'Pre-purchase inspection: all monitors ready, no stored codes.',
  },
];
