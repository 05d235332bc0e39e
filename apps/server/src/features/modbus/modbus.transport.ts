import type { FastifyBaseLogger } from 'fastify';
import type { Command, CommandAnswers, CommandTransport } from '../remote-control/index.js';
import type { ModbusRequest, ParsedResponse, PlannedPoint, WriteRequest } from './codec.js';
import type { DtuLink, DtuServer, ModbusLine } from './dtu-server.js';
import type { ModbusService } from './modbus.service.js';
import {
  asMultipleWrite,
  exceptionMessage,
  planWrite,
  type WritePlan,
  WriteValueError,
  withBit,
} from './writes.js';

/** How a write on the line ended. */
type WriteOutcome =
  | { kind: 'written'; request: WriteRequest }
  | { kind: 'exception'; code: number; request: ModbusRequest }
  /** Nothing came back within the response timeout (or the connection closed meanwhile). */
  | { kind: 'no answer'; request: ModbusRequest }
  /** The connection closed before the write's turn came. */
  | { kind: 'not sent' };

export const DTU_CLOSED_MESSAGE = 'DTU 连接已断开，指令未发出';

/** Where a request went, for the log (not the data it carried). */
const target = ({ slaveId, functionCode, address }: ModbusRequest) => ({ slaveId, functionCode, address });

function failed(answer: ParsedResponse | null, request: ModbusRequest): WriteOutcome {
  return answer?.kind === 'exception'
    ? { kind: 'exception', code: answer.code, request }
    : { kind: 'no answer', request };
}

/**
 * Carries out a write on a line held for it: the write (a bit of a register is read, changed and
 * written back without another request in between), and once more as 15/16 when the slave answers
 * 05/06 with exception 01 (slaves that implement only the multiple-write functions).
 */
async function write(line: ModbusLine, plan: WritePlan): Promise<WriteOutcome> {
  if (!line.isOpen()) return { kind: 'not sent' };
  let request: WriteRequest;
  if (plan.kind === 'register bit') {
    const { slaveId, address, bit, on } = plan;
    const read = { slaveId, functionCode: 3, address, quantity: 1 } as const;
    const current = await line.request(read);
    if (current?.kind !== 'data') return failed(current, read);
    request = { slaveId, functionCode: 6, address, register: withBit(current.data.readUInt16BE(0), bit, on) };
  } else {
    request = plan.request;
  }
  let answer = await line.request(request);
  const multiple = asMultipleWrite(request);
  if (answer?.kind === 'exception' && answer.code === 1 && multiple) {
    request = multiple;
    answer = await line.request(request);
  }
  return answer?.kind === 'data' ? { kind: 'written', request } : failed(answer, request);
}

/**
 * Commands to gateways connected through the DTU listener (decision 0011): the value becomes a
 * Modbus write at the indicator's configured point, queued on the DTU's line between poll requests.
 * `send` answers false when the gateway has no registered DTU or the indicator no Modbus point, so
 * remote control queues the command until the DTU registers. The slave's answer closes the record;
 * no answer is left to the command timeout.
 */
export function dtuTransport(
  dtu: DtuServer,
  modbus: ModbusService,
  answers: CommandAnswers,
  log: FastifyBaseLogger,
): CommandTransport {
  const answer = (command: Command, success: boolean, message?: string) =>
    answers
      .answer(command.gatewayId, command.id, success, message)
      .catch((error: unknown) =>
        log.error({ err: error, command: command.id }, 'DTU command answer not stored'),
      );

  async function settle(link: DtuLink, command: Command, point: PlannedPoint, outcome: WriteOutcome) {
    const where = { dtu: command.serialNumber, command: command.id, metric: command.metric };
    switch (outcome.kind) {
      case 'written':
        log.info({ ...where, ...target(outcome.request) }, 'Modbus write done');
        await answer(command, true);
        // Read the point back at once, so the new value shows without waiting for the next cycle.
        await link.poll([point]);
        return;
      case 'exception':
        log.warn({ ...where, ...target(outcome.request), exception: outcome.code }, 'Modbus write refused');
        await answer(command, false, exceptionMessage(outcome.code));
        return;
      case 'no answer':
        log.warn({ ...where, ...target(outcome.request) }, 'Modbus write not answered');
        return;
      case 'not sent':
        await answer(command, false, DTU_CLOSED_MESSAGE);
        return;
    }
  }

  return {
    async send(command) {
      if (!dtu.link(command.gatewayId)) return false;
      const point = await modbus.point(command.gatewayId, command.gatewayIndicatorId);
      const link = dtu.link(command.gatewayId);
      if (!point || !link) return false;
      let plan: WritePlan;
      try {
        plan = planWrite(point, command.value);
      } catch (error) {
        if (!(error instanceof WriteValueError)) throw error;
        // Delivered and refused at once: the value can never be written to this point.
        void answer(command, false, error.message);
        return true;
      }
      link
        .exclusive((line) => write(line, plan))
        .then((outcome) => settle(link, command, point, outcome))
        .catch((error: unknown) => log.error({ err: error, command: command.id }, 'DTU command failed'));
      return true;
    },
  };
}
