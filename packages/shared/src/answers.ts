import { z } from 'zod';
import { OPERATOR_ROLES } from './constants.js';
import {
  INTEREST_STATUSES,
  KEFU_CHANNELS,
  LISTING_STATUSES,
  PAYOUT_TYPES,
  RECHARGE_STATUSES,
  TRADE_OUTCOMES,
  TRADE_STATUSES,
} from './schemas.js';

/**
 * Shapes of the answers' `data`, named in the contract table (contract.ts). They are strict objects, so an answer
 * cannot carry a field the contract does not name. Only the server's tests parse answers; the apps take their types,
 * so nothing here ships in an app's bundle.
 */

/** Money on the wire: a decimal string with 2 to 6 decimals, never a JSON number (DESIGN §2). */
const money = z
  .string()
  .regex(/^-?\d+\.\d{2,6}$/)
  .meta({ title: 'money' });
/** A time on the wire: ISO-8601 in UTC. */
const time = z.iso.datetime().meta({ title: 'time' });

/** The answer of a call with nothing to return. */
export const emptyResponse = z.strictObject({});
export const idResponse = z.strictObject({ id: z.number() });

export const userSchema = z.strictObject({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  invite_code: z.string(),
  vip_level: z.number(),
  lang: z.string(),
  created_at: time,
  /** While withdrawals are paused after a password change: when the pause ends; otherwise null. */
  withdraw_unlock_at: time.nullable(),
  /** Two-factor authentication is on: sign-in, withdrawals and payout-account changes take a `totp`. */
  totp_enabled: z.boolean(),
  /** the anti-phishing phrase every mail shows, masked (first and last character); null while none is set */
  anti_phishing_hint: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponse = z.strictObject({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

/** A new, not yet confirmed TOTP secret: as text and as the `otpauth://` address a QR code carries. */
export const totpSetupResponse = z.strictObject({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetup = z.infer<typeof totpSetupResponse>;
/** The ten one-time recovery codes, answered once (only their hashes are kept). */
export const totpEnableResponse = z.strictObject({ recovery_codes: z.array(z.string()) });
export type TotpEnabled = z.infer<typeof totpEnableResponse>;

export const moneyInfoSchema = z.strictObject({
  balance: money,
  frozen: money,
  escrow: money,
  interest: money,
  total: money,
});
export type MoneyInfo = z.infer<typeof moneyInfoSchema>;

export const publicConfigSchema = z.strictObject({
  app_name: z.string(),
  logo: z.string(),
  img_url: z.string(),
  kf_url: z.string(),
  app_url: z.string(),
  langs: z.array(z.string()),
  default_lang: z.string(),
  recharge_min: money,
  recharge_max: money,
  withdraw_min: money,
  withdraw_max: money,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const sendCodeResponse = z.strictObject({ resend_after: z.number() });

export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({ list: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });
}
export type Page<T> = { list: T[]; total: number; page: number; page_size: number };

export const operatorSchema = z.strictObject({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** `disabled` operators cannot sign in */
  status: z.enum(['active', 'disabled']),
  created_at: time,
  last_login_at: time.nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const adminLoginResponse = z.strictObject({ token: z.string(), operator: operatorSchema });

/** The new operator's TOTP secret is shown once, to the owner who created it, to hand over. */
export const operatorCreateResponse = z.strictObject({ operator: operatorSchema, totp_secret: z.string(), totp_uri: z.string() });

export const auditEntrySchema = z.strictObject({
  id: z.number(),
  at: time,
  operator_id: z.number().nullable(),
  operator_email: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PROBLEMS = ['entry', 'tail', 'key', 'unkeyed', 'checkpoint'] as const;
export const auditVerifyResponse = z.strictObject({
  ok: z.boolean(),
  checked: z.number(),
  /** id of the first entry whose hash or link does not match, or where a gap in ids shows a deletion */
  broken_at: z.number().nullable(),
  /**
   * what is wrong: `entry` an entry's hash or link does not match (edited, inserted or deleted); `tail` entries after
   * the last one are missing; `key` the chain was keyed with another key than this server's; `unkeyed` the chain has
   * no keyed anchor; `checkpoint` the given checkpoint's entry is missing or differs
   */
  problem: z.enum(AUDIT_PROBLEMS).nullable(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyResponse>;

/** The newest entry as `id:hash`, to keep outside the system and check against later. */
export const auditCheckpointResponse = z.strictObject({
  checkpoint: z.string(),
  id: z.number(),
  at: time.nullable(),
});
export type AuditCheckpoint = z.infer<typeof auditCheckpointResponse>;

export const settingsResponse = z.strictObject({
  app_name: z.string(),
  logo: z.string(),
  kf_url: z.string(),
  app_url: z.string(),
  recharge_min: money,
  recharge_max: money,
  withdraw_min: money,
  withdraw_max: money,
});

export const inviteCodeSchema = z.strictObject({
  code: z.string(),
  active: z.boolean(),
  uses: z.number(),
  created_at: time,
});
export type HouseInviteCode = z.infer<typeof inviteCodeSchema>;
/** Switching a code on or off answers only the code and its new state. */
export const inviteCodeUpdateResponse = inviteCodeSchema.pick({ code: true, active: true });

/** `demo`: seeded demo data, nobody's wallet — the app tells customers not to send funds there */
const receivingAddressSchema = z.strictObject({ type: z.string(), address: z.string(), demo: z.boolean() });
export const receivingAddressResponse = z.strictObject({
  types: z.array(z.string()),
  address: receivingAddressSchema.nullable(),
});

export const uploadResponse = z.strictObject({ id: z.number(), url: z.string() });

export const rechargeSchema = z.strictObject({
  id: z.number(),
  type: z.string(),
  address: z.string(),
  amount: money,
  image: z.string(),
  tx_hash: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  reason: z.string(),
  created_at: time,
  reviewed_at: time.nullable(),
});
export type Recharge = z.infer<typeof rechargeSchema>;
/** A created recharge or withdrawal; a repeated `request_id` answers the first one in its present state. */
export const reviewCreatedResponse = z.strictObject({ id: z.number(), status: z.enum(RECHARGE_STATUSES) });

export const payoutAccountSchema = z.strictObject({
  id: z.number(),
  type: z.enum(PAYOUT_TYPES),
  full_name: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string(),
  email: z.string(),
  area: z.string(),
  country: z.string(),
  iban: z.string(),
  bank_name: z.string(),
  swift: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  /** short text to pick the account by: bank name and last IBAN digits, or the Wise e-mail */
  label: z.string(),
  created_at: time,
  /** from when withdrawals and sales may pay out to it: 24 hours after it was bound or its details changed */
  usable_at: time,
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountListResponse = z.strictObject({ list: z.array(payoutAccountSchema) });
export const bankinfoIsAddResponse = z.strictObject({ bank: z.boolean(), wise: z.boolean() });

/** The review half of a record that pays out to a payout account (a withdrawal, a sale to a merchant). */
const paidOutReview = {
  status: z.enum(RECHARGE_STATUSES),
  reason: z.string(),
  reference: z.string(),
  account: z.strictObject({ id: z.number(), type: z.enum(PAYOUT_TYPES), label: z.string() }),
  created_at: time,
  reviewed_at: time.nullable(),
};

export const withdrawalSchema = z.strictObject({
  id: z.number(),
  amount: money,
  ...paidOutReview,
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const assetLogEntrySchema = z.strictObject({
  id: z.number(),
  /** journal kind: recharge, withdraw, withdraw_refund, adjust, ... (the app names it in the user's language) */
  kind: z.string(),
  /** signed change of the available balance */
  amount: money,
  balance_after: money,
  /** set when the money left the platform: a withdrawal that was paid out */
  paid: z.boolean(),
  ref: z.string(),
  /** an operator's correction (`adjust`): the reason they gave, which the customer reads; null for other kinds */
  note: z.string().nullable(),
  created_at: time,
});
export type AssetLogEntry = z.infer<typeof assetLogEntrySchema>;
export const assetLogTongjiSchema = z.strictObject({
  total_balance: money,
  business: money,
  income: money,
  expenditure: money,
  quantity: z.number(),
});
export const propertyTongjiSchema = z.strictObject({
  balance: money,
  recharge_amount: money,
  total_acquisition: money,
  total_sales: money,
});

export const adminRechargeSchema = rechargeSchema.extend({
  user_id: z.number(),
  user_email: z.string(),
  reviewed_by: z.string().nullable(),
});
export const adminWithdrawalSchema = withdrawalSchema.extend({
  user_id: z.number(),
  user_email: z.string(),
  reviewed_by: z.string().nullable(),
  /** masked for every operator: IBAN, phone and e-mail show their ends only, the street address not at all */
  payout: payoutAccountSchema,
});
/** One withdrawal's payout account in full, for the operator who pays it out (each reveal is audited). */
export const withdrawRevealResponse = z.strictObject({ id: z.number(), payout: payoutAccountSchema });
export const adminAddressSchema = z.strictObject({
  id: z.number(),
  type: z.string(),
  address: z.string(),
  active: z.boolean(),
  /** seeded demo data (nobody's wallet), until removed or replaced by an operator's own address */
  demo: z.boolean(),
  created_at: time,
});

/** Demo data still in place: the console shows a banner while `present`. */
export const demoStatusResponse = z.strictObject({
  present: z.boolean(),
  addresses: z.array(z.strictObject({ type: z.string(), address: z.string() })),
  /** the demo customer while it can sign in */
  customer: z.strictObject({ email: z.string() }).nullable(),
});
/**
 * What removing the demo data did: the networks whose demo address went, and the demo customer `deleted` (nothing on
 * record), `closed` (it has money history or invited someone: it can no longer sign in, its records stay) or `none`.
 */
export const demoRemoveResponse = z.strictObject({
  addresses: z.array(z.string()),
  customer: z.enum(['deleted', 'closed', 'none']),
});

// ---- selling to merchants ----

/** A merchant's buy offer as customers see it. */
export const merchantOfferSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  /** fiat per USDT, in `currency` */
  price: money,
  currency: z.string(),
  /** USDT the merchant still buys */
  quantity: money,
  min: money,
  max: money,
  methods: z.array(z.enum(PAYOUT_TYPES)),
  /** sales to it in the last 30 days, and the per cent of those decided that completed (null when none decided) */
  orders_30d: z.number(),
  completion_rate: z.number().nullable(),
});
export type MerchantOffer = z.infer<typeof merchantOfferSchema>;
export const adminMerchantSchema = merchantOfferSchema.extend({ active: z.boolean(), created_at: time });

/** A created sale to a merchant; a repeated `request_id` answers the first one in its present state. */
export const saleCreatedResponse = z.strictObject({
  id: z.number(),
  order_no: z.string(),
  status: z.enum(RECHARGE_STATUSES),
});
export const merchantSaleSchema = z.strictObject({
  id: z.number(),
  order_no: z.string(),
  merchant_id: z.number(),
  merchant_name: z.string(),
  quantity: money,
  /** the unit price and currency when the order was made */
  price: money,
  currency: z.string(),
  /** what the merchant pays, in `currency` */
  fiat_amount: money,
  ...paidOutReview,
});
export type MerchantSale = z.infer<typeof merchantSaleSchema>;
export const adminMerchantSaleSchema = merchantSaleSchema.extend({
  user_id: z.number(),
  user_email: z.string(),
  reviewed_by: z.string().nullable(),
  /** masked for every operator, as for withdrawals */
  payout: payoutAccountSchema,
});

// ---- customer to customer ----

/** A sell listing. In the Hall's buy view (others' open listings) and in "selling orders" (`mine=1`). */
export const listingSchema = z.strictObject({
  id: z.number(),
  /** the seller as others see them: nickname, or the e-mail's first letters without the domain (`ab***`) */
  seller: z.string(),
  /** the seller's trades in the last 30 days as seller, and the per cent of those decided that completed */
  seller_trades_30d: z.number(),
  seller_completion_rate: z.number().nullable(),
  mine: z.boolean(),
  /** fiat per USDT, in `currency` */
  price: money,
  currency: z.string(),
  /** USDT listed at the start */
  quantity: money,
  /** USDT still open to buyers */
  remaining: money,
  /** USDT in trades not finished yet */
  in_trades: money,
  /** USDT not sold yet (remaining + in trades): the spec's "uncompleted" */
  uncompleted: money,
  min: money,
  max: money,
  /** the payout kind buyers pay to */
  method: z.enum(PAYOUT_TYPES),
  window_minutes: z.number(),
  status: z.enum(LISTING_STATUSES),
  created_at: time,
});
export type Listing = z.infer<typeof listingSchema>;

/** Where the buyer sends the fiat: the seller's payout account as the buyer needs it (empty strings where not used). */
export const payeeSchema = z.strictObject({
  type: z.enum(PAYOUT_TYPES),
  full_name: z.string(),
  bank_name: z.string(),
  iban: z.string(),
  swift: z.string(),
  email: z.string(),
  country: z.string(),
});

export const tradeAppealSchema = z.strictObject({
  /** who opened the dispute: a side, or `system` when the seller did not release in time */
  by: z.enum(['buyer', 'seller', 'system']),
  reason: z.string(),
  at: time,
});
export const tradeResolutionSchema = z.strictObject({ outcome: z.enum(TRADE_OUTCOMES), note: z.string(), at: time });

/** A trade as one of its two sides sees it. */
export const tradeSchema = z.strictObject({
  id: z.number(),
  order_no: z.string(),
  listing_id: z.number(),
  /** the caller's side */
  role: z.enum(['buyer', 'seller']),
  /** the other side as the caller sees them: nickname, or the e-mail's first letters without the domain (`ab***`) */
  counterparty: z.string(),
  quantity: money,
  price: money,
  currency: z.string(),
  /** the exact fiat amount the buyer pays, in `currency` */
  fiat_amount: money,
  status: z.enum(TRADE_STATUSES),
  /** the text the buyer puts on the transfer */
  reference: z.string(),
  window_minutes: z.number(),
  /** when an unpaid trade expires */
  pay_deadline: time,
  paid_at: time.nullable(),
  /** when a paid trade not released is disputed by itself */
  release_deadline: time.nullable(),
  ended_at: time.nullable(),
  appeal: tradeAppealSchema.nullable(),
  resolution: tradeResolutionSchema.nullable(),
  /** chat messages from others the caller has not read */
  unread: z.number(),
  created_at: time,
});
export type Trade = z.infer<typeof tradeSchema>;

export const TRADE_ACTIONS = ['paid', 'cancel', 'release', 'appeal', 'message'] as const;
export const tradeEventSchema = z.strictObject({
  event: z.enum(['created', 'paid', 'released', 'cancelled', 'expired', 'disputed', 'resolved']),
  by: z.enum(['buyer', 'seller', 'system', 'operator']),
  at: time,
});
/** One trade with what its page shows: timeline, where to pay, the proof, and what the caller may do now. */
export const tradeDetailSchema = tradeSchema.extend({
  payee: payeeSchema,
  /** the buyer's payment proof (an upload url) */
  proof: z.string().nullable(),
  timeline: z.array(tradeEventSchema),
  actions: z.array(z.enum(TRADE_ACTIONS)),
});
export type TradeDetail = z.infer<typeof tradeDetailSchema>;

export const tradeMessageSchema = z.strictObject({
  id: z.number(),
  from: z.enum(['buyer', 'seller', 'operator']),
  text: z.string(),
  /** an upload url */
  image: z.string().nullable(),
  created_at: time,
});
export type TradeMessage = z.infer<typeof tradeMessageSchema>;
export const tradeMessageListResponse = z.strictObject({ list: z.array(tradeMessageSchema) });
/** What the Orders tab's badge counts: unread chat messages and trades waiting for the caller's step. */
export const tradeUnreadResponse = z.strictObject({ messages: z.number(), actions: z.number() });

/** The Hall's summary (from the ledger): available, escrow (listings) and frozen (withdrawals, sales). */
export const sellingTongjiSchema = z.strictObject({
  available: money,
  escrow: money,
  frozen: money,
  total: money,
  on_order: money,
});
/** The latest completed deals, masked: trades between customers and sales to merchants. */
export const sellingHistoryResponse = z.strictObject({
  list: z.array(
    z.strictObject({
      kind: z.enum(['trade', 'merchant']),
      /** the seller as others see them: nickname, or the e-mail's first letters without the domain (`ab***`) */
      seller: z.string(),
      quantity: money,
      price: money,
      currency: z.string(),
      completed_at: time,
    }),
  ),
});

export const adminTradeSchema = tradeSchema.omit({ role: true, counterparty: true, unread: true }).extend({
  buyer_id: z.number(),
  buyer_email: z.string(),
  seller_id: z.number(),
  seller_email: z.string(),
  resolved_by: z.string().nullable(),
});
export const adminTradeDetailSchema = adminTradeSchema.extend({
  payee: payeeSchema,
  proof: z.string().nullable(),
  timeline: z.array(tradeEventSchema),
  messages: z.array(tradeMessageSchema),
});

// ---- interest wallet ----

/** A daily rate in per cent on the wire: 2 to 4 decimals ("1.2345"). */
const rate = z
  .string()
  .regex(/^\d+\.\d{2,4}$/)
  .meta({ title: 'rate' });
/** An interest product as customers see it: what is left of its quota decides the most one can subscribe. */
export const interestProductSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  /** per cent a day */
  rate,
  days: z.number(),
  min: money,
  max: money,
  /** quota minus what was ever subscribed */
  remaining: money,
});
export type InterestProduct = z.infer<typeof interestProductSchema>;
export const adminInterestProductSchema = interestProductSchema.extend({
  /** the total principal the product takes, over all its orders ever (active and settled) */
  quota: money,
  sold: money,
  active: z.boolean(),
  created_at: time,
});
export type AdminInterestProduct = z.infer<typeof adminInterestProductSchema>;
/** A subscription; a repeated `request_id` answers the first one in its present state. */
export const interestOrderSchema = z.strictObject({
  id: z.number(),
  lixibao_id: z.number(),
  name: z.string(),
  amount: money,
  /** the product's rate and days when subscribed */
  rate,
  days: z.number(),
  /** what it pays at expiry on top of the amount (paid once `settled`) */
  interest: money,
  status: z.enum(INTEREST_STATUSES),
  created_at: time,
  expires_at: time,
  settled_at: time.nullable(),
});
export type InterestOrder = z.infer<typeof interestOrderSchema>;

// ---- team, invitations, customer service ----

/** Team size over three levels of the invitation tree (invitees, theirs, and theirs). */
export const teamTongjiSchema = z.strictObject({
  team_size: z.number(),
  level1: z.number(),
  level2: z.number(),
  level3: z.number(),
});
export type TeamTongji = z.infer<typeof teamTongjiSchema>;
/** A member of the caller's team, named as other customers see them: nickname, or the e-mail's first letters (`ab***`). */
export const teamMemberSchema = z.strictObject({
  name: z.string(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  joined_at: time,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
/** The caller's invitation code and the sign-up address that fills it in. */
export const inviteDetailSchema = z.strictObject({ invite_code: z.string(), invite_url: z.string() });
export type InviteDetail = z.infer<typeof inviteDetailSchema>;
export const kefuContactSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  channel: z.enum(KEFU_CHANNELS),
  link: z.string(),
  hours: z.string(),
});
export type KefuContact = z.infer<typeof kefuContactSchema>;
/** The active contacts, in the operators' order. */
export const kefuListResponse = z.strictObject({ list: z.array(kefuContactSchema) });
export const adminKefuSchema = kefuContactSchema.extend({
  active: z.boolean(),
  sort_order: z.number(),
  created_at: time,
  updated_at: time,
});
export type AdminKefuContact = z.infer<typeof adminKefuSchema>;

// ---- customers and operator management ----

const userStatus = z.enum(['active', 'frozen', 'closed']);
/** A customer as the console lists them. */
export const adminUserSchema = z.strictObject({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  invite_code: z.string(),
  /** the inviting customer, or null (signed up with a house code) */
  inviter_id: z.number().nullable(),
  inviter_email: z.string().nullable(),
  inviter_code: z.string().nullable(),
  house_code: z.string().nullable(),
  vip_level: z.number(),
  status: userStatus,
  /** available + frozen + escrow + interest */
  balance_total: money,
  created_at: time,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const ledgerLineSchema = z.strictObject({
  id: z.number(),
  journal_id: z.number(),
  kind: z.string(),
  /** which of the customer's accounts moved: available, frozen, escrow, interest */
  account: z.string(),
  amount: money,
  balance_after: money,
  ref: z.string(),
  memo: z.string(),
  created_at: time,
});
export const adminUserDetailSchema = z.strictObject({
  user: adminUserSchema.extend({
    lang: z.string(),
    frozen_reason: z.string().nullable(),
    frozen_at: time.nullable(),
  }),
  balances: moneyInfoSchema,
  /** the VIP level in effect (`user.vip_level`), the level their volume earns, the owner's override, the volume */
  vip: z.strictObject({ earned: z.number(), override: z.number().nullable(), volume: money }),
  /** the last 50 postings on any of the customer's accounts, newest first */
  ledger: z.array(ledgerLineSchema),
  /** invitees by level: 1 = invited by the customer, 2 = by those, 3 = by those */
  team: z.strictObject({ level1: z.number(), level2: z.number(), level3: z.number() }),
  recharges: z.array(z.strictObject({ id: z.number(), amount: money, type: z.string(), status: z.string(), created_at: time })),
  /** the payout account masked, as the review queue shows it */
  withdrawals: z.array(
    z.strictObject({ id: z.number(), amount: money, status: z.string(), account: z.string(), created_at: time }),
  ),
  merchant_sales: z.array(
    z.strictObject({ id: z.number(), order_no: z.string(), quantity: money, status: z.string(), created_at: time }),
  ),
  trades: z.array(
    z.strictObject({
      id: z.number(),
      order_no: z.string(),
      role: z.enum(['buyer', 'seller']),
      quantity: money,
      fiat_amount: money,
      currency: z.string(),
      status: z.string(),
      created_at: time,
    }),
  ),
  listings: z.array(
    z.strictObject({
      id: z.number(),
      quantity: money,
      remaining: money,
      price: money,
      currency: z.string(),
      status: z.string(),
      created_at: time,
    }),
  ),
  /** operator corrections with their reasons, newest first */
  adjustments: z.array(
    z.strictObject({ id: z.number(), amount: money, reason: z.string(), operator_email: z.string(), created_at: time }),
  ),
  /** open sessions: when they began and were last used (never a token) */
  sessions: z.array(z.strictObject({ id: z.number(), created_at: time, last_seen_at: time, expires_at: time })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const userAdjustResponse = z.strictObject({ id: z.number(), amount: money, available: money });
/** The operator's new TOTP secret, shown once to the owner to hand over. */
export const operatorResetTotpResponse = z.strictObject({
  operator: operatorSchema,
  totp_secret: z.string(),
  totp_uri: z.string(),
});

// ---- VIP levels and the dashboard ----

/** The VIP levels as stored, VIP 0 first. */
export const vipLevelsResponse = z.strictObject({
  levels: z.array(z.strictObject({ level: z.number(), volume: money, daily_withdraw: money })),
});
export type VipLevels = z.infer<typeof vipLevelsResponse>;

/** A customer's VIP level and what it allows today. */
export const vipInfoResponse = z.strictObject({
  /** the level in effect: the owner's override if any, else the one the volume earns */
  level: z.number(),
  /** the level the volume earns */
  earned_level: z.number(),
  overridden: z.boolean(),
  /** completed trades (bought and sold) and sales to merchants, USDT */
  volume: money,
  /** the volume of the next level, if there is one above the earned level */
  next_volume: money.nullable(),
  daily_withdraw_limit: money,
  /** withdrawals requested today (UTC), pending included, rejected ones not */
  withdrawn_today: money,
  withdraw_left_today: money,
});
export type VipInfo = z.infer<typeof vipInfoResponse>;

export const userSetVipResponse = z.strictObject({
  id: z.number(),
  vip_level: z.number(),
  earned_level: z.number(),
  override: z.number().nullable(),
});

const queueSchema = z.strictObject({
  count: z.number(),
  /** when the oldest waiting item arrived (a dispute: when it was raised) */
  oldest_at: time.nullable(),
  oldest_seconds: z.number().nullable(),
});
/** The console's landing page, from the ledger and the queues. */
export const dashboardSummaryResponse = z.strictObject({
  generated_at: time,
  /** what the platform owes its customers: all their accounts by kind */
  liabilities: z.strictObject({ available: money, frozen: money, escrow: money, interest: money, total: money }),
  /** the platform's own accounts (world: money that entered minus money that left; a credit balance is negative) */
  platform: z.array(z.strictObject({ kind: z.string(), balance: money })),
  queues: z.strictObject({ recharge: queueSchema, withdraw: queueSchema, saleu: queueSchema, dispute: queueSchema }),
  /** the last 30 UTC days, oldest first, every day present */
  days: z.array(
    z.strictObject({
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      recharge_amount: money,
      recharge_count: z.number(),
      withdraw_amount: money,
      withdraw_count: z.number(),
      sale_amount: money,
      sale_count: z.number(),
      trade_amount: money,
      trade_count: z.number(),
      new_users: z.number(),
    }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryResponse>;

// ---- proof of liabilities ----
const hash = z.string().regex(/^[0-9a-f]{64}$/);
/** A published snapshot: its root hash commits to every customer's holdings, `total` is the root's sum. */
export const proofRootSchema = z.strictObject({
  id: z.number(),
  created_at: time,
  root_hash: hash,
  total: money,
  leaf_count: z.number(),
});
export type ProofRoot = z.infer<typeof proofRootSchema>;
/** A snapshot as operators see it: who took it (`job`, or the operator's e-mail). */
export const adminProofSnapshotSchema = proofRootSchema.extend({ taken_by: z.string() });
export type AdminProofSnapshot = z.infer<typeof adminProofSnapshotSchema>;
/** The caller's leaves (their holdings in random parts), each with its path, in a snapshot (the shape `verifyProof` in proof.ts checks). */
export const proofMineResponse = z.strictObject({
  snapshot_id: z.number(),
  created_at: time,
  root_hash: hash,
  total: money,
  leaf_count: z.number(),
  /** the caller's holdings: the sum of their leaves' amounts */
  amount: money,
  leaves: z.array(
    z.strictObject({
      nonce: z.string().regex(/^[0-9a-f]{64}$/),
      user_hash: hash,
      amount: money,
      hash,
      path: z.array(z.strictObject({ side: z.enum(['left', 'right']), hash, sum: money, parent_hash: hash, parent_sum: money })),
    }),
  ),
});

// ---- safer mail and sessions ----

/** One of the customer's sessions, as the devices page shows it: never its token or the token's hash. */
export const sessionInfoSchema = z.strictObject({
  id: z.number(),
  /** browser and system, read from the User-Agent (`Chrome 120 on Windows`); empty when unknown */
  device: z.string(),
  ip: z.string(),
  created_at: time,
  last_used_at: time,
  /** the session of this call */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListResponse = z.strictObject({ list: z.array(sessionInfoSchema) });
/** How many sessions the call ended. */
export const sessionEndResponse = z.strictObject({ ended: z.number() });
/** `ended`: the link ended its session now; false when that session had already ended (signed out or expired). */
export const sessionEndLinkResponse = z.strictObject({ ended: z.boolean() });
