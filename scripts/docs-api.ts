// Writes docs/api-contract.md from the contract table in packages/shared (a shared test fails when it is stale).
import fs from 'node:fs';
import { renderContractDocs } from '../packages/shared/src/contract-docs.js';

const target = new URL('../docs/api-contract.md', import.meta.url);
fs.writeFileSync(target, renderContractDocs());
console.info(`wrote ${target.pathname}`);
