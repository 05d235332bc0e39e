import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, rethrowDatabaseError } from './outage.js';

const marked = (error: Error): unknown => {
  try {
    rethrowDatabaseError(error);
  } catch (thrown) {
    return thrown;
  }
};
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database outage errors', () => {
  it('marks what says the server is away', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
    ]) {
      expect(isDatabaseUnavailable(marked(error)), error.message).toBe(true);
    }
  });

  it('leaves statement errors alone, and finds a marked cause', () => {
    const duplicate = withCode('duplicate key value violates unique constraint', '23505');
    expect(isDatabaseUnavailable(marked(duplicate))).toBe(false);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(false);
    const cause = marked(new Error('Connection terminated unexpectedly'));
    expect(isDatabaseUnavailable(new Error('wrapped', { cause }))).toBe(true);
  });
});
