import { z } from 'zod';
import * as a from './answers.js';
import { type CallContract, CONTRACT } from './contract.js';

/**
 * Writes docs/api-contract.md from the contract table (`npm run docs:api`); a test compares the committed file with
 * this output, so the document cannot drift from the schemas the server's tests hold the answers to.
 */

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, Json>;
  title?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  not?: Json;
};

/** Answer shapes used by more than one call, documented once under their name. */
const SHAPES: [string, z.ZodType][] = [
  ['User', a.userSchema],
  ['MoneyInfo', a.moneyInfoSchema],
  ['PublicConfig', a.publicConfigSchema],
  ['Recharge', a.rechargeSchema],
  ['AdminRecharge', a.adminRechargeSchema],
  ['PayoutAccount', a.payoutAccountSchema],
  ['Withdrawal', a.withdrawalSchema],
  ['AdminWithdrawal', a.adminWithdrawalSchema],
  ['AssetLogEntry', a.assetLogEntrySchema],
  ['Operator', a.operatorSchema],
  ['AuditEntry', a.auditEntrySchema],
  ['Settings', a.settingsResponse],
  ['HouseInviteCode', a.inviteCodeSchema],
  ['ReceivingAddress', a.adminAddressSchema],
];
// the global registry already holds the `money`, `time` and `limit` titles answers.ts gives its fields
for (const [id, schema] of SHAPES) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });

const answerJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json;
const requestJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

const quote = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));
const cell = (s: string) => s.replace(/\|/g, '\\|');

/** A TypeScript-like type of a JSON schema: named shapes by name, money and times by their kind. */
function typeOf(js: Json, indent = ''): string {
  if (js.$ref) return js.$ref.replace('#/$defs/', '');
  const union = js.anyOf ?? js.oneOf;
  if (union) return union.map((m) => typeOf(m, indent)).join(' | ');
  if (js.not && Object.keys(js.not).length === 0) return 'never';
  if (js.const !== undefined) return quote(js.const);
  if (js.enum) return js.enum.map(quote).join(' | ');
  const types = Array.isArray(js.type) ? js.type : [js.type ?? 'unknown'];
  return types
    .map((t) => {
      if (t === 'string') return js.title ?? (js.format === 'binary' ? 'file' : 'string');
      if (t === 'integer') return 'number';
      if (t === 'array') {
        const item = typeOf(js.items ?? {}, indent);
        return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
      }
      if (t === 'object') return objectOf(js, indent);
      return t;
    })
    .join(' | ');
}

function objectOf(js: Json, indent: string): string {
  const entries = Object.entries(js.properties ?? {});
  if (entries.length === 0) return '{}';
  const inner = `${indent}  `;
  const required = new Set(js.required ?? []);
  const lines = entries.map(([k, v]) => `${inner}${k}${required.has(k) ? '' : '?'}: ${typeOf(v, inner)};`);
  const flat = `{ ${entries.map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${typeOf(v, inner)}`).join('; ')} }`;
  return flat.length <= 100 && !flat.includes('\n') ? flat : `{\n${lines.join('\n')}\n${indent}}`;
}

/** The checks of one request field, in words. */
function rules(js: Json): string {
  const union = js.anyOf ?? js.oneOf;
  if (union) return union.map(rules).filter(Boolean).join('; or ');
  const out: string[] = [];
  if (js.const !== undefined) out.push(`exactly ${quote(js.const)}`);
  if (js.enum) out.push(`one of ${js.enum.map(quote).join(', ')}`);
  if (js.minLength !== undefined && js.minLength > 1) out.push(`at least ${js.minLength} characters`);
  if (js.maxLength !== undefined) out.push(`at most ${js.maxLength} characters`);
  if (js.minimum !== undefined) out.push(`≥ ${js.minimum}`);
  if (js.maximum !== undefined && js.maximum < Number.MAX_SAFE_INTEGER) out.push(`≤ ${js.maximum}`);
  if (js.pattern) out.push(`matches \`${js.pattern}\``);
  if (js.default !== undefined) out.push(`default ${quote(js.default)}`);
  return out.join(', ');
}

function fieldTable(js: Json): string[] {
  const entries = Object.entries(js.properties ?? {});
  if (entries.length === 0) return ['No fields.'];
  const required = new Set(js.required ?? []);
  return [
    '| field | type | required | rules |',
    '|---|---|---|---|',
    ...entries.map(([k, v]) => `| \`${k}\` | ${cell(typeOf(v))} | ${required.has(k) ? 'yes' : 'no'} | ${cell(rules(v))} |`),
  ];
}

function requestDoc(call: CallContract): string[] {
  const js = requestJson(call.request);
  const variants = js.oneOf ?? js.anyOf;
  if (!variants) return ['', ...fieldTable(js)];
  return variants.flatMap((v, i) => {
    const tag = Object.entries(v.properties ?? {}).find(([, p]) => p.const !== undefined);
    const title = tag ? `When \`${tag[0]}\` is ${quote(tag[1].const)}:` : `Variant ${i + 1}:`;
    return ['', title, '', ...fieldTable(v)];
  });
}

function answerDoc(call: CallContract): string {
  if (call.file) return `A \`${call.file}\` file (not the envelope) on success; failures answer the envelope.`;
  const js = answerJson(call.response);
  return ['```ts', typeOf(js), '```'].join('\n');
}

const authOf = (call: CallContract) =>
  call.auth === 'operator' ? `operator${call.roles ? ` (${call.roles.join(', ')})` : ''}` : call.auth;

const short = (path: string) => path.replace(/^\/api\/(admin\/)?v1\//, '');

function section(title: string, intro: string[], paths: string[]): string[] {
  const out = [`## ${title}`, '', ...intro, '', '| call | auth | what it does |', '|---|---|---|'];
  for (const path of paths) {
    const call: CallContract = CONTRACT[path as keyof typeof CONTRACT];
    out.push(`| [\`${short(path)}\`](#${anchor(path)}) | ${authOf(call)} | ${cell(call.summary)} |`);
  }
  for (const path of paths) {
    const call: CallContract = CONTRACT[path as keyof typeof CONTRACT];
    out.push('', `### \`${path}\``, '', call.summary, '');
    out.push(`Auth: ${authOf(call)}.${call.multipart ? ' Body: `multipart/form-data`.' : ''}`, '');
    out.push('Request:', ...requestDoc(call), '', 'Answer `data`:', '', answerDoc(call));
  }
  return out;
}

const anchor = (path: string) => path.toLowerCase().replace(/[^a-z0-9 -]/g, '');

function shapesDoc(): string[] {
  const out = ['## Shapes', '', 'Answer objects used by more than one call.'];
  for (const [id, schema] of SHAPES) {
    const js = answerJson(schema);
    out.push('', `### ${id}`, '', '```ts', typeOf(js.$defs?.[id] ?? js), '```');
  }
  return out;
}

export function renderContractDocs(): string {
  const paths = Object.keys(CONTRACT);
  const lines = [
    '# API contract',
    '',
    '<!-- Generated by `npm run docs:api` from packages/shared/src/contract.ts; do not edit by hand. -->',
    '',
    'Every call is `POST` and answers HTTP 200 with `{ code, msg, data }`: `code` 200 is success with `data` as below;',
    '`-1` means not signed in or the session expired; any other code is a business error from the catalogue in',
    "`packages/shared/src/errors.ts`, with `msg` in the caller's language. Every body may carry `lang` (`en`, `zh-Hans`,",
    '`zh-Hant`, `de`, `ja`). Request fields are checked in the order listed; the first failing one names the error,',
    "and its answer carries that field's name as `data: { field }` (for a form to point at it); other errors answer",
    '`data: {}`.',
    '',
    'Answers carry exactly the fields shown: the server tests parse every successful answer with these schemas and',
    'fail on a missing, mistyped or extra field. `money` is a decimal string with 2 to 6 decimals (`"1234.50"`,',
    '`"-0.704913"`), never a JSON number; `limit` is an operator-set amount as typed (up to 2 decimals); `time` is an',
    'ISO-8601 UTC string. Lists page with `page` (from 1) and `page_size` (at most 100) and answer',
    '`{ list, total, page, page_size }`.',
    '',
  ];
  lines.push(
    ...section(
      'Customer API',
      ['Body `application/x-www-form-urlencoded` (uploads `multipart/form-data`); signed-in calls send `X-Access-Token`.'],
      paths.filter((p) => p.startsWith('/api/v1/')),
    ),
    '',
    ...section(
      'Operator API',
      ['Body JSON or form-encoded; signed-in calls send `X-Admin-Token`. A role outside those listed gets `forbidden`.'],
      paths.filter((p) => p.startsWith('/api/admin/v1/')),
    ),
    '',
    ...shapesDoc(),
  );
  return `${lines.join('\n')}\n`;
}
