/**
 * The few pieces of the Web Serial API /serialKit uses (Chromium desktop browsers; not in
 * TypeScript's DOM library), and a line that sends one frame and collects what comes back.
 */
interface SerialPortLike {
  open(options: { baudRate: number; dataBits: number; stopBits: number; parity: string }): Promise<void>;
  close(): Promise<void>;
  readable: ReadableStream<Uint8Array> | null;
  writable: WritableStream<Uint8Array> | null;
}
interface SerialLike {
  requestPort(): Promise<SerialPortLike>;
}

/** The browser's Web Serial, or undefined where it lacks it (Firefox, Safari, phones, plain HTTP). */
export function webSerial(): SerialLike | undefined {
  return (navigator as Navigator & { serial?: SerialLike }).serial;
}

export interface LineSettings {
  baudRate: number;
  dataBits: number;
  stopBits: number;
  parity: 'none' | 'even' | 'odd';
}

/** An open port: bytes read in the background into `received`; `send` writes one frame. */
export class SerialLine {
  received: number[] = [];
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private closed = false;

  private constructor(private readonly port: SerialPortLike) {}

  /** Asks the user for a port (the browser's own chooser) and opens it. */
  static async open(settings: LineSettings): Promise<SerialLine> {
    const serial = webSerial();
    if (!serial) throw new Error('当前浏览器不支持 Web Serial');
    const port = await serial.requestPort();
    await port.open(settings);
    const line = new SerialLine(port);
    void line.readLoop();
    return line;
  }

  private async readLoop(): Promise<void> {
    while (!this.closed && this.port.readable) {
      this.reader = this.port.readable.getReader();
      try {
        for (;;) {
          const { value, done } = await this.reader.read();
          if (done) break;
          if (value) this.received.push(...value);
        }
      } catch {
        // A framing or parity error ends this read; the loop takes a new reader.
      } finally {
        this.reader.releaseLock();
      }
    }
  }

  /** Clears what was received, writes the frame, and waits until `done` says the answer is whole. */
  async exchange(
    frame: Uint8Array,
    done: (bytes: Uint8Array) => boolean,
    timeoutMs = 1000,
  ): Promise<Uint8Array> {
    this.received = [];
    const writer = this.port.writable?.getWriter();
    if (!writer) throw new Error('串口不可写');
    try {
      await writer.write(frame);
    } finally {
      writer.releaseLock();
    }
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (done(Uint8Array.from(this.received))) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Uint8Array.from(this.received);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.reader?.cancel().catch(() => undefined);
    await this.port.close().catch(() => undefined);
  }
}
