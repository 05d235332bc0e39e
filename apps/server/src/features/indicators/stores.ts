import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { GatewayIndicatorsRepository } from './gateway-indicators.repository.js';
import { IndicatorsRepository } from './indicators.repository.js';

/**
 * The indicator repositories on one connection. `transaction` runs work on both atomically; the
 * gateways feature builds one on its own transaction to carry indicators along with a gateway.
 */
export class IndicatorStores {
  readonly indicators: IndicatorsRepository;
  readonly gatewayIndicators: GatewayIndicatorsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.indicators = new IndicatorsRepository(db);
    this.gatewayIndicators = new GatewayIndicatorsRepository(db, dialect);
  }

  transaction<T>(work: (stores: IndicatorStores) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new IndicatorStores(trx, this.dialect)));
  }
}
