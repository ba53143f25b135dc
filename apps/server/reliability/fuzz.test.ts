import { fuzzSuite } from '../test/fuzz.js';
import { wsFuzzSuite } from '../test/ws-fuzz.js';

/** Every call fuzzed (test/fuzz.ts) at the 10,000 cases, and the live-update protocol, on PostgreSQL + Redis. */
fuzzSuite({ defaultRuns: 10_000, name: 'fuzz (reliability)' });
wsFuzzSuite({ runs: 3000, name: 'ws fuzz (reliability)' });
