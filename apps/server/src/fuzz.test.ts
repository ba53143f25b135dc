import { fuzzSuite } from '../test/fuzz.js';

/** Every call fuzzed (test/fuzz.ts); the everyday suite runs 1,000 cases, the reliability suite 10,000. */
fuzzSuite({ defaultRuns: 1000, name: 'fuzz' });
