import { EventEmitter } from 'node:events';

/** New values of one gateway, as the live data socket sends them (spec core §7 notify). */
export interface TelemetryEvent {
  gatewayId: number;
  serialNumber: string;
  projectId: number | null;
  /** dataIdentification → normalised value. */
  params: Record<string, number | string>;
  ts: number;
}

/**
 * The live bus: in-process by default. Several server nodes replace it with broker topics every
 * node subscribes to, behind the same two methods.
 */
export class LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publishTelemetry(event: TelemetryEvent): void {
    this.emitter.emit('telemetry', event);
  }

  onTelemetry(listener: (event: TelemetryEvent) => void): () => void {
    this.emitter.on('telemetry', listener);
    return () => this.emitter.off('telemetry', listener);
  }
}
