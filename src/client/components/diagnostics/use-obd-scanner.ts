import { useCallback, useEffect, useRef, useState } from 'react';
import { ObdAdapter, TransportError, type AdapterInfo, type TroubleCodeKind } from '../../../shared/obd/adapter.ts';
import { AnswerError } from '../../../shared/obd/answers.ts';
import type { FreezeFrame } from '../../../shared/obd/freeze-frame.ts';
import { DEFAULT_LIVE_PIDS, type MonitorStatus, type PidReading } from '../../../shared/obd/pids.ts';
import { webSerial, WebSerialTransport } from '../../lib/web-serial.ts';

export type ScannerPhase = 'idle' | 'connecting' | 'connected' | 'failed';

export interface ScanResult {
  info: AdapterInfo;
  vin: string | null;
  voltage: number | null;
  status: MonitorStatus;
  codes: Record<TroubleCodeKind, string[]>;
  freezeFrame: FreezeFrame | null;
}

export type LiveReading = PidReading;

/** What a failure means for the person at the car. */
export function scannerMessage(error: unknown): string {
  if (error instanceof TransportError || error instanceof AnswerError) return error.message;
  if (error instanceof DOMException && error.name === 'NotFoundError') return 'No adapter was chosen. Click Connect adapter and pick its port.';
  if (error instanceof DOMException && (error.name === 'NetworkError' || error.name === 'InvalidStateError'))
    return 'The port could not be opened: another program may be using the adapter. Close it and try again.';
  return 'Something went wrong while talking to the adapter. Unplug it, plug it back in and connect again.';
}

/**
 * One scanner session: choose the port, connect, read what the car reports, then live values in a
 * loop (each round asks every live PID once; the rate is shown) until stopped. Unplugging ends the
 * session with a message.
 */
export function useObdScanner() {
  const supported = webSerial() !== null;
  const [phase, setPhase] = useState<ScannerPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [live, setLive] = useState<LiveReading[]>([]);
  const [liveRate, setLiveRate] = useState<number | null>(null);
  const [liveOn, setLiveOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const session = useRef<{ transport: WebSerialTransport; adapter: ObdAdapter } | null>(null);
  const liveRun = useRef(0);

  const fail = useCallback((cause: unknown) => {
    liveRun.current++;
    setLiveOn(false);
    setError(scannerMessage(cause));
    setPhase('failed');
    const ended = session.current;
    session.current = null;
    void ended?.transport.close();
  }, []);

  const readCar = useCallback(async (adapter: ObdAdapter, info: AdapterInfo): Promise<ScanResult> => {
    const vin = await adapter.readVin();
    const voltage = await adapter.readVoltage();
    const status = await adapter.readStatus();
    const codes = { stored: await adapter.readCodes('stored'), pending: await adapter.readCodes('pending'), permanent: await adapter.readCodes('permanent') };
    // A car keeps a frame only with a confirmed code: without one, ten requests are spared.
    const freezeFrame = codes.stored.length > 0 || status.codeCount > 0 ? await adapter.readFreezeFrame() : null;
    return { info, vin, voltage, status, codes, freezeFrame };
  }, []);

  const connect = useCallback(async () => {
    const serial = webSerial();
    if (!serial) return;
    setError(null);
    setResult(null);
    setLive([]);
    setLiveRate(null);
    try {
      const port = await serial.requestPort();
      setPhase('connecting');
      const transport = await WebSerialTransport.open(port);
      const adapter = new ObdAdapter(transport);
      session.current = { transport, adapter };
      const info = await adapter.connect();
      setResult(await readCar(adapter, info));
      setPhase('connected');
    } catch (cause) {
      fail(cause);
    }
  }, [fail, readCar]);

  const refresh = useCallback(async () => {
    const current = session.current;
    if (!current || !result) return;
    setBusy(true);
    try {
      setResult(await readCar(current.adapter, result.info));
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(false);
    }
  }, [fail, readCar, result]);

  const clearCodes = useCallback(async () => {
    const current = session.current;
    if (!current || !result) return false;
    setBusy(true);
    try {
      await current.adapter.clearCodes();
      setResult(await readCar(current.adapter, result.info));
      return true;
    } catch (cause) {
      fail(cause);
      return false;
    } finally {
      setBusy(false);
    }
  }, [fail, readCar, result]);

  const startLive = useCallback(() => {
    const current = session.current;
    if (!current) return;
    const run = ++liveRun.current;
    setLiveOn(true);
    void (async () => {
      const started = performance.now();
      let rounds = 0;
      while (liveRun.current === run && session.current === current) {
        try {
          const readings: LiveReading[] = [];
          for (const pid of DEFAULT_LIVE_PIDS) readings.push({ pid, value: await current.adapter.readLive(pid) });
          if (liveRun.current !== run) break;
          rounds++;
          setLive(readings);
          setLiveRate(rounds / ((performance.now() - started) / 1000));
        } catch (cause) {
          fail(cause);
          break;
        }
      }
    })();
  }, [fail]);

  const stopLive = useCallback(() => {
    liveRun.current++;
    setLiveOn(false);
  }, []);

  const disconnect = useCallback(async () => {
    liveRun.current++;
    setLiveOn(false);
    const ended = session.current;
    session.current = null;
    setPhase('idle');
    setResult(null);
    setLive([]);
    await ended?.transport.close();
  }, []);

  useEffect(() => {
    const serial = webSerial();
    const unplugged = () => {
      if (session.current) fail(new TransportError('disconnected'));
    };
    serial?.addEventListener('disconnect', unplugged);
    return () => {
      serial?.removeEventListener('disconnect', unplugged);
      liveRun.current++;
      void session.current?.transport.close();
      session.current = null;
    };
  }, [fail]);

  return { supported, phase, error, result, live, liveRate, liveOn, busy, connect, refresh, clearCodes, startLive, stopLive, disconnect };
}
