import { describe, expect, it } from 'vitest';
import { ObdAdapter, TransportError, type ObdTransport } from './adapter.ts';
import { AnswerError, answerLines, answerMessages, responsePayloads } from './answers.ts';
import { codesFromPayloads, dtcFromBytes, dtcStructure, normaliseDtc } from './codes.ts';
import { freezeFrameCode, freezeFrameData } from './freeze-frame.ts';
import { DEFAULT_LIVE_PIDS, decodeLive, livePid, monitorStatus, protocolName, supportedPids, vinFromPayloads } from './pids.ts';

// Answers as ELM327 chips print them (carriage returns, a blank line, the '>' prompt).
const CAN_0100_TWO_ECUS = 'SEARCHING...\r41 00 BE 3E B8 11\r41 00 98 18 80 11\r\r>';
const CAN_VIN = '014\r0: 49 02 01 31 46 54\r1: 46 57 31 45 54 35 45\r2: 46 41 31 32 33 34 35\r\r>';
const ISO9141_VIN = '49 02 01 00 00 00 31\r49 02 02 46 54 46 57\r49 02 03 31 45 54 35\r49 02 04 45 46 41 31\r49 02 05 32 33 34 35\r\r>';
const CAN_TWO_CODES = '43 02 01 33 04 20\r\r>';
const CAN_SIX_CODES = '00E\r0: 43 06 01 33 04 20\r1: 01 71 01 72 03 00\r2: 03 01 00 00 00 00\r\r>';
const ISO9141_FOUR_CODES = '43 01 33 04 20 01 71\r43 03 00 00 00 00 00\r\r>';
const J1850_NO_SPACES = '43013304200000\r\r>';

describe('answers', () => {
  it('drops the prompt, the echo, status lines and blank lines', () => {
    expect(answerLines('010C\r41 0C 1A F8\r\r>', '010C')).toEqual(['41 0C 1A F8']);
    expect(answerLines('BUS INIT: ...OK\r41 00 BE 1F B8 10\r\r>')).toEqual(['41 00 BE 1F B8 10']);
    expect(answerLines(CAN_0100_TWO_ECUS)).toHaveLength(2);
  });

  it('names each error an adapter prints', () => {
    const problem = (raw: string) => {
      try {
        answerMessages(raw);
        return null;
      } catch (error) {
        return error instanceof AnswerError ? error.problem : 'other';
      }
    };
    expect(problem('NO DATA\r\r>')).toBe('noData');
    expect(problem('SEARCHING...\rUNABLE TO CONNECT\r\r>')).toBe('unableToConnect');
    expect(problem('BUS INIT: ...ERROR\r\r>')).toBe('unableToConnect');
    expect(problem('CAN ERROR\r\r>')).toBe('busError');
    expect(problem('?\r\r>')).toBe('unknownCommand');
    expect(problem('41 0C 1A\u0000ZZ\r\r>')).toBe('garbled');
    expect(problem('\r\r>')).toBe('noData');
    expect(problem('014\r0: 49 02 01 31 46 54\r\r>')).toBe('garbled');
  });

  it('joins a multi-frame CAN answer and cuts it to its byte count', () => {
    const [message] = answerMessages(CAN_VIN);
    expect(message).toHaveLength(0x14);
    expect(message!.slice(0, 3)).toEqual([0x49, 0x02, 0x01]);
  });

  it('keeps only messages that answer the request', () => {
    const messages = answerMessages('41 0D 32\r41 0C 1A F8\r\r>');
    expect(responsePayloads(messages, 0x01, 0x0c)).toEqual([[0x1a, 0xf8]]);
    expect(() => responsePayloads(messages, 0x01, 0x05)).toThrow(AnswerError);
  });
});

describe('answers with headers on (AT H1)', () => {
  it('reads 11-bit CAN frames by their PCI byte, padding dropped, each ECU apart', () => {
    expect(answerMessages('7E8 04 41 0C 1A F8 AA AA\r7E9 03 41 0D 32\r\r>')).toEqual([[0x41, 0x0c, 0x1a, 0xf8], [0x41, 0x0d, 0x32]]);
    const vin = '7E8 10 14 49 02 01 31 46 54\r7E8 21 46 57 31 45 54 35 45\r7E8 22 46 41 31 32 33 34 35\r\r>';
    expect(vinFromPayloads(responsePayloads(answerMessages(vin), 0x09, 0x02))).toBe('1FTFW1ET5EFA12345');
    expect(() => answerMessages('7E8 10 14 49 02 01 31 46 54\r\r>')).toThrow(AnswerError);
  });

  it('reads 29-bit CAN frames, spaces on or off', () => {
    expect(answerMessages('18 DA F1 10 03 41 0D 32\r\r>')).toEqual([[0x41, 0x0d, 0x32]]);
    expect(answerMessages('18DAF1100441 0C1AF8\r\r>')).toEqual([[0x41, 0x0c, 0x1a, 0xf8]]);
  });
});

describe('freeze frame (service 02)', () => {
  const frameOf = (raw: string, pid: number) => freezeFrameData(responsePayloads(answerMessages(raw), 0x02, pid));

  it('reads the code that stored the frame on CAN, with headers off and on, and on ISO 9141', () => {
    expect(freezeFrameCode(frameOf('42 02 00 01 33\r\r>', 0x02))).toBe('P0133');
    expect(freezeFrameCode(frameOf('7E8 05 42 02 00 04 20 55 55\r\r>', 0x02))).toBe('P0420');
    expect(freezeFrameCode(frameOf('18 DA F1 10 05 42 02 00 03 01\r\r>', 0x02))).toBe('P0301');
    expect(freezeFrameCode(frameOf('BUS INIT: ...OK\r4202000171\r\r>', 0x02))).toBe('P0171');
    // 00 00: the car answers, but keeps no frame.
    expect(freezeFrameCode(frameOf('42 02 00 00 00\r\r>', 0x02))).toBeNull();
  });

  it('scales the kept values like live data, from the frame asked for', () => {
    const value = (raw: string, key: string) => decodeLive(livePid(key)!, frameOf(raw, livePid(key)!.pid)!);
    expect(value('42 0C 00 21 98\r\r>', 'rpm')).toBe(2150);
    expect(value('7E8 04 42 05 00 80 AA AA AA\r\r>', 'coolant')).toBe(88);
    expect(value('42 06 00 86\r\r>', 'stft1')).toBeCloseTo(4.69, 2);
    expect(value('420D0048\r\r>', 'speed')).toBe(72);
    expect(freezeFrameData(responsePayloads(answerMessages('42 0C 01 21 98\r\r>'), 0x02, 0x0c))).toBeNull();
  });
});

describe('trouble codes', () => {
  it('reads a code from its two bytes', () => {
    expect(dtcFromBytes(0x01, 0x33)).toBe('P0133');
    expect(dtcFromBytes(0x04, 0x20)).toBe('P0420');
    expect(dtcFromBytes(0x41, 0x23)).toBe('C0123');
    expect(dtcFromBytes(0x90, 0x01)).toBe('B1001');
    expect(dtcFromBytes(0xc1, 0x00)).toBe('U0100');
    expect(dtcFromBytes(0x2a, 0xbc)).toBe('P2ABC');
  });

  it('reads CAN answers with their count byte, single and multi-frame', () => {
    expect(codesFromPayloads(responsePayloads(answerMessages(CAN_TWO_CODES), 0x03))).toEqual(['P0133', 'P0420']);
    expect(codesFromPayloads(responsePayloads(answerMessages(CAN_SIX_CODES), 0x03))).toEqual(['P0133', 'P0420', 'P0171', 'P0172', 'P0300', 'P0301']);
    expect(codesFromPayloads(responsePayloads(answerMessages('43 00\r\r>'), 0x03))).toEqual([]);
  });

  it('reads older protocols: three codes a frame, padding dropped, spaces or none', () => {
    expect(codesFromPayloads(responsePayloads(answerMessages(ISO9141_FOUR_CODES), 0x03))).toEqual(['P0133', 'P0420', 'P0171', 'P0300']);
    expect(codesFromPayloads(responsePayloads(answerMessages(J1850_NO_SPACES), 0x03))).toEqual(['P0133', 'P0420']);
  });

  it('tells what a code says by its structure', () => {
    expect(dtcStructure('p0420')).toMatchObject({ code: 'P0420', system: 'Powertrain', generic: true, subsystem: 'Auxiliary emission controls', component: 'exhaust' });
    expect(dtcStructure('P0301')).toMatchObject({ generic: true, subsystem: 'Ignition system or misfire', component: 'engine' });
    expect(dtcStructure('P1456')).toMatchObject({ generic: false });
    expect(dtcStructure('P3400')).toMatchObject({ generic: true });
    expect(dtcStructure('P3000')).toMatchObject({ generic: false });
    expect(dtcStructure('P0700')).toMatchObject({ component: 'transmission' });
    expect(dtcStructure('P0A80')).toMatchObject({ subsystem: 'Hybrid propulsion', component: 'battery' });
    expect(dtcStructure('C0035')).toMatchObject({ system: 'Chassis', component: 'brakes' });
    expect(dtcStructure('U0100')).toMatchObject({ system: 'Network', generic: true, subsystem: 'Network communication' });
    expect(dtcStructure('B2AAA')).toMatchObject({ generic: false });
    expect(normaliseDtc(' pO42O ')).toBe('P0420');
    for (const bad of ['', 'P042', 'P04200', 'X0420', 'P4420', 'P0G20', '0420P']) expect(dtcStructure(bad)).toBeNull();
  });
});

describe('service 01 and 09 values', () => {
  it('scales live values as SAE J1979 defines them', () => {
    const value = (key: string, data: number[]) => decodeLive(livePid(key)!, data);
    expect(value('rpm', [0x1a, 0xf8])).toBe(1726);
    expect(value('speed', [0x32])).toBe(50);
    expect(value('coolant', [0x7b])).toBe(83);
    expect(value('intake', [0x00])).toBe(-40);
    expect(value('load', [0xff])).toBe(100);
    expect(value('throttle', [0x33])).toBeCloseTo(20, 5);
    expect(value('stft1', [0x80])).toBe(0);
    expect(value('ltft1', [0x70])).toBe(-12.5);
    expect(value('moduleVoltage', [0x31, 0x2a])).toBeCloseTo(12.586, 3);
    expect(value('rpm', [0x1a])).toBeNull();
  });

  it('lists supported PIDs from every ECU', () => {
    const pids = supportedPids(0x00, responsePayloads(answerMessages(CAN_0100_TWO_ECUS), 0x01, 0x00));
    expect([...pids].sort((a, b) => a - b).slice(0, 8)).toEqual([0x01, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0b, 0x0c]);
    expect(pids.has(0x02)).toBe(false);
    expect(pids.has(0x20)).toBe(true);
  });

  it('reads readiness: warning light, code count, monitors by ignition type', () => {
    // MIL on, 2 codes; spark; misfire, fuel, components supported and complete; catalyst, evap,
    // O2 sensor, O2 heater supported; evap and O2 sensor not complete.
    const status = monitorStatus([0x82, 0x07, 0x65, 0x24]);
    expect(status).toMatchObject({ milOn: true, codeCount: 2, ignition: 'spark' });
    expect(status.monitors.map((m) => `${m.label}:${m.complete ? 'ready' : 'not ready'}`)).toEqual([
      'Misfire:ready',
      'Fuel system:ready',
      'Comprehensive components:ready',
      'Catalyst:ready',
      'Evaporative system:not ready',
      'Oxygen sensor:not ready',
      'Oxygen sensor heater:ready',
    ]);
    const diesel = monitorStatus([0x00, 0x0f, 0xc0, 0x40]);
    expect(diesel.ignition).toBe('compression');
    expect(diesel.monitors.map((m) => m.label)).toEqual(['Misfire', 'Fuel system', 'Comprehensive components', 'Particulate filter', 'EGR and/or VVT system']);
    expect(diesel.monitors.find((m) => m.label === 'Particulate filter')?.complete).toBe(false);
  });

  it('reads the VIN from a CAN answer and from five ISO 9141 frames', () => {
    expect(vinFromPayloads(responsePayloads(answerMessages(CAN_VIN), 0x09, 0x02))).toBe('1FTFW1ET5EFA12345');
    expect(vinFromPayloads(responsePayloads(answerMessages(ISO9141_VIN), 0x09, 0x02))).toBe('1FTFW1ET5EFA12345');
    expect(vinFromPayloads([[0x01, 0x41, 0x42]])).toBeNull();
  });

  it('names the protocol AT DPN reports', () => {
    expect(protocolName('A6')).toBe('ISO 15765-4 CAN (11 bit ID, 500 kbaud)');
    expect(protocolName('3')).toBe('ISO 9141-2 (5 baud init)');
    expect(protocolName('?')).toBeNull();
  });
});

/** An adapter that answers from a script, the way a chip would, echo included until ATE0. */
function scripted(answers: Record<string, string | (() => string)>): ObdTransport & { sent: string[] } {
  let echo = true;
  const sent: string[] = [];
  return {
    sent,
    async exchange(command) {
      sent.push(command);
      const answer = answers[command];
      if (answer === undefined) return `${echo ? `${command}\r` : ''}?\r\r>`;
      const text = typeof answer === 'function' ? answer() : answer;
      const out = `${echo ? `${command}\r` : ''}${text}`;
      if (command === 'ATE0') echo = false;
      return out;
    },
  };
}

const CAN_CAR = {
  ATZ: '\r\rELM327 v1.5\r\r>',
  ATE0: 'OK\r\r>',
  ATL0: 'OK\r\r>',
  ATS1: 'OK\r\r>',
  ATH0: 'OK\r\r>',
  ATAT1: 'OK\r\r>',
  ATSP0: 'OK\r\r>',
  '0100': CAN_0100_TWO_ECUS,
  ATDPN: 'A6\r\r>',
  '0902': CAN_VIN,
  '03': CAN_TWO_CODES,
  '07': '47 00\r\r>',
  '0A': 'NO DATA\r\r>',
  '0101': '41 01 82 07 65 24\r\r>',
  '010C': '41 0C 1A F8\r\r>',
  '0142': 'NO DATA\r\r>',
  ATRV: '12.6V\r\r>',
  '04': '44\r\r>',
};

describe('ObdAdapter', () => {
  it('connects, identifies the chip and the protocol, and reads the car', async () => {
    const transport = scripted(CAN_CAR);
    const adapter = new ObdAdapter(transport);
    await expect(adapter.connect()).resolves.toEqual({ identity: 'ELM327 V1.5', protocol: 'ISO 15765-4 CAN (11 bit ID, 500 kbaud)' });
    expect(transport.sent.slice(0, 8)).toEqual(['ATZ', 'ATE0', 'ATL0', 'ATS1', 'ATH0', 'ATAT1', 'ATSP0', '0100']);
    await expect(adapter.readVin()).resolves.toBe('1FTFW1ET5EFA12345');
    await expect(adapter.readCodes('stored')).resolves.toEqual(['P0133', 'P0420']);
    await expect(adapter.readCodes('pending')).resolves.toEqual([]);
    await expect(adapter.readCodes('permanent')).resolves.toEqual([]);
    await expect(adapter.readStatus()).resolves.toMatchObject({ milOn: true, codeCount: 2 });
    await expect(adapter.readLive(livePid('rpm')!)).resolves.toBe(1726);
    await expect(adapter.readLive(livePid('moduleVoltage')!)).resolves.toBeNull();
    // PID 02 is not in the car's list: it is not even asked.
    expect(adapter.supports(0x02)).toBe(false);
    await expect(adapter.readVoltage()).resolves.toBe(12.6);
    await expect(adapter.clearCodes()).resolves.toBeUndefined();
  });

  it('reads the freeze frame: its code, then the values the car kept; nothing once cleared', async () => {
    const frame = {
      '020200': '42 02 00 01 33\r\r>',
      '020C00': '42 0C 00 21 98\r\r>',
      '020D00': '42 0D 00 48\r\r>',
      '020500': '42 05 00 80\r\r>',
      '020F00': 'NO DATA\r\r>',
      '020400': '42 04 00 59\r\r>',
      '021100': '7F 02 12\r\r>',
      '024200': 'NO DATA\r\r>',
      '020600': '42 06 00 86\r\r>',
      '020700': '42 07 00 8E\r\r>',
    };
    const adapter = new ObdAdapter(scripted({ ...CAN_CAR, ...frame }));
    await adapter.connect();
    const read = await adapter.readFreezeFrame();
    expect(read?.code).toBe('P0133');
    expect(read?.readings.map((r) => `${r.pid.key}=${Math.round(r.value!)}`)).toEqual(['rpm=2150', 'speed=72', 'coolant=88', 'load=35', 'stft1=5', 'ltft1=11']);
    expect(DEFAULT_LIVE_PIDS.map((p) => p.key)).toContain('intake');
    const cleared = new ObdAdapter(scripted({ ...CAN_CAR, ...frame, '020200': 'NO DATA\r\r>' }));
    await cleared.connect();
    await expect(cleared.readFreezeFrame()).resolves.toBeNull();
    const empty = new ObdAdapter(scripted({ ...CAN_CAR, '020200': '42 02 00 00 00\r\r>' }));
    await expect(empty.readFreezeFrame()).resolves.toBeNull();
  });

  it('says when the device is not an adapter, or the car does not answer', async () => {
    await expect(new ObdAdapter(scripted({ ATZ: 'hello\r>' })).connect()).rejects.toBeInstanceOf(TransportError);
    const ignitionOff = new ObdAdapter(scripted({ ...CAN_CAR, '0100': 'SEARCHING...\rUNABLE TO CONNECT\r\r>' }));
    await expect(ignitionOff.connect()).rejects.toMatchObject({ problem: 'unableToConnect' });
    const refusesClear = new ObdAdapter(scripted({ ...CAN_CAR, '04': '7F 04 22\r\r>' }));
    await expect(refusesClear.clearCodes()).rejects.toMatchObject({ problem: 'wrongAnswer' });
  });
});
