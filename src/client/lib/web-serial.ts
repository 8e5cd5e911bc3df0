import { TransportError, type ObdTransport } from '../../shared/obd/adapter.ts';

/**
 * The part of the Web Serial API the scanner uses (Chromium desktop; docs/obd.md#in-the-browser).
 * TypeScript's DOM library does not describe it yet.
 */
export interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
}

interface SerialLike extends EventTarget {
  requestPort(options?: { filters?: unknown[] }): Promise<SerialPortLike>;
}

export function webSerial(): SerialLike | null {
  const serial = (navigator as Navigator & { serial?: SerialLike }).serial;
  return serial && typeof serial.requestPort === 'function' ? serial : null;
}

/** ELM327 chips on USB start at 38,400 baud; Bluetooth ports ignore the rate. */
export const ELM327_BAUD_RATE = 38_400;

/**
 * Moves text to and from an adapter over a serial port: writes a command and a carriage return,
 * reads until the '>' prompt. One exchange at a time; text that arrives outside an exchange (a late
 * answer) is dropped before the next command. An unplugged adapter or a closed port ends every
 * waiting exchange with `disconnected`, silence with `timeout`.
 */
export class WebSerialTransport implements ObdTransport {
  private received = '';
  private closed = false;
  private wake: (() => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly reading: Promise<void>;

  private constructor(private readonly port: SerialPortLike) {
    if (!port.readable || !port.writable) throw new TransportError('disconnected');
    this.reader = port.readable.getReader();
    this.writer = port.writable.getWriter();
    this.reading = this.pump();
  }

  static async open(port: SerialPortLike, baudRate = ELM327_BAUD_RATE): Promise<WebSerialTransport> {
    await port.open({ baudRate });
    return new WebSerialTransport(port);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        // An answer is a few hundred bytes; anything beyond a few kilobytes is noise to drop.
        this.received = (this.received + decoder.decode(value, { stream: true })).slice(-16_384);
        this.wake?.();
      }
    } catch {
      // The device went away: read() rejects.
    }
    this.closed = true;
    this.wake?.();
  }

  exchange(command: string, timeoutMs: number): Promise<string> {
    const run = this.queue.then(() => this.exchangeNow(command, timeoutMs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async exchangeNow(command: string, timeoutMs: number): Promise<string> {
    if (this.closed) throw new TransportError('disconnected');
    this.received = '';
    try {
      await this.writer.write(new TextEncoder().encode(`${command}\r`));
    } catch {
      this.closed = true;
      throw new TransportError('disconnected');
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.received.indexOf('>');
      if (end >= 0) {
        const answer = this.received.slice(0, end + 1);
        this.received = this.received.slice(end + 1);
        return answer;
      }
      if (this.closed) throw new TransportError('disconnected');
      const left = deadline - Date.now();
      if (left <= 0) throw new TransportError('timeout');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.reader.cancel().catch(() => undefined);
    await this.reading;
    this.reader.releaseLock();
    this.writer.releaseLock();
    await this.port.close().catch(() => undefined);
  }
}
