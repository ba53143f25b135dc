import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import { inReadOnly } from '../db/transaction.js';
import { checkLedger } from '../modules/ledger/ledger.service.js';

/** `npm run ledger:check`: verifies the ledger of the configured database and exits non-zero on any problem. */
const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  const report = await inReadOnly({ database, log: console }, checkLedger);
  if (report.ok) {
    process.stdout.write(
      'ledger check: every journal balances, every balance equals its postings, no customer account is negative\n',
    );
  } else {
    process.stderr.write(`ledger check FAILED:\n${report.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
