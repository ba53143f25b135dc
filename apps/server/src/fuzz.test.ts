import { fuzzSuite } from '../test/fuzz.js';
import { wsFuzzSuite } from '../test/ws-fuzz.js';

/** Every call fuzzed (test/fuzz.ts) and the live-update protocol (test/ws-fuzz.ts); the reliability suite runs more. */
fuzzSuite({ defaultRuns: 1000, name: 'fuzz' });
wsFuzzSuite({ runs: 300, name: 'ws fuzz' });
