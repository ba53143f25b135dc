import { fuzzSuite } from '../test/fuzz.js';

/** Every call fuzzed (test/fuzz.ts) at the 10,000 cases, on PostgreSQL + Redis. */
fuzzSuite({ defaultRuns: 10_000, name: 'fuzz (reliability)' });
