/// <reference types="node" />
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderContractDocs } from './contract-docs.js';

describe('docs/api-contract.md', () => {
  it('is what `npm run docs:api` writes from the contract table', () => {
    const committed = fs.readFileSync(new URL('../../../docs/api-contract.md', import.meta.url), 'utf8');
    expect(committed, 'docs/api-contract.md is stale: run `npm run docs:api` and commit it').toBe(renderContractDocs());
  });
});
