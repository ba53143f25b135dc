import type { ColumnType, Generated } from 'kysely';

/** A BIGINT money column: bigint when read, bigint when written, on both databases. */
type Money = ColumnType<bigint, bigint, bigint>;

/** Row types of every table. Times are ISO-8601 UTC strings; money is BIGINT micro-USDT (bigint in code). */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  nickname: string;
  invite_code: string;
  inviter_id: number | null;
  house_code: string | null;
  vip_level: Generated<number>;
  lang: string;
  status: Generated<string>;
  created_at: string;
  password_changed_at: string | null;
  /** the demo customer seeded on a fresh local install: signs in, but its invitation code registers nobody */
  demo: Generated<boolean>;
  /** why and when an operator froze the customer; null while never frozen */
  frozen_reason: ColumnType<string | null, string | undefined, string | null>;
  frozen_at: ColumnType<string | null, string | undefined, string | null>;
  /** an owner's VIP level for this customer; null: the level their volume earns */
  vip_override: ColumnType<number | null, number | null | undefined, number | null>;
  /** two-factor: when it was turned on (null while off), and when last turned off (the withdrawal pause) */
  totp_enabled_at: ColumnType<string | null, string | undefined, string | null>;
  totp_disabled_at: ColumnType<string | null, string | undefined, string | null>;
  /** shown at the top of every mail to the customer; null while not set */
  anti_phishing_phrase: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A customer's TOTP secrets, encrypted; `last_step` is the newest time step a code was accepted for. */
interface UserTotpTable {
  user_id: number;
  secret: string | null;
  pending_secret: string | null;
  last_step: ColumnType<number, number | undefined, number>;
  updated_at: string;
}

/** One-time recovery codes: keyed hashes only. */
interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

interface EmailSendsTable {
  id: Generated<number>;
  email: string;
  scene: string;
  created_at: string;
}

interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** when the session was last used (moved at most once a minute) */
  touched_at: string;
  /** the client's User-Agent and address when the session was opened */
  user_agent: Generated<string>;
  ip: Generated<string>;
}

/** A device and network a customer signed in from: `device_key` hashes browser, system and network. */
interface KnownDevicesTable {
  user_id: number;
  device_key: string;
  first_seen_at: string;
  last_seen_at: string;
}

/** The one-time "end this session" link of a new-device mail; only the token's SHA-256 is stored. */
interface SessionEndLinksTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  session_id: number;
  created_at: string;
  expires_at: string;
  used_at: ColumnType<string | null, string | undefined, string | null>;
}

export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  totp_secret: string;
  totp_last_step: Generated<number>;
  status: Generated<string>;
  created_at: string;
  last_login_at: string | null;
}

interface OperatorSessionsTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  created_at: string;
  expires_at: string;
  touched_at: string;
}

/** Which process runs a job until when (the SQLite runner's guard against two processes running one job). */
interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  operator_id: number | null;
  operator_email: string | null;
  action: string;
  target: string;
  detail: string;
  prev_hash: string;
  hash: string;
}

interface SettingsTable {
  key: string;
  value: string;
}

interface HouseInviteCodesTable {
  code: string;
  active: boolean;
  created_at: string;
}

interface AccountsTable {
  id: Generated<number>;
  owner: string;
  user_id: number | null;
  kind: string;
  currency: string;
  balance: Money;
  updated_at: string;
}

interface JournalsTable {
  id: Generated<number>;
  kind: string;
  ref: string;
  actor: string;
  memo: Generated<string>;
  created_at: string;
}

interface PostingsTable {
  id: Generated<number>;
  journal_id: number;
  account_id: number;
  amount: Money;
  balance_after: Money;
  created_at: string;
}

interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  mime: string;
  size: number;
  created_at: string;
  /** the one record this upload backs (`recharge:12`), set once */
  used_for: string | null;
}

interface ReceivingAddressesTable {
  id: Generated<number>;
  type: string;
  address: string;
  active: boolean;
  created_at: string;
  /** seeded demo data: nobody's wallet, shown as such and removed from the console */
  demo: Generated<boolean>;
}

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  address: string;
  amount: Money;
  image: string;
  tx_hash: string;
  status: string;
  reason: Generated<string>;
  request_id: string | null;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: number | null;
}

export interface PayoutAccountsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  full_name: string;
  name: string;
  surname: string;
  phone: string;
  email: string;
  area: string;
  country: string;
  iban: string;
  bank_name: string;
  swift: string;
  address: string;
  city: string;
  state: string;
  created_at: string;
  /** removed by the customer or replaced by an edit; the row stays for the withdrawals that name it */
  removed_at: ColumnType<string | null, string | undefined, string | null>;
  /** the edit that replaced this version */
  replaced_by: ColumnType<number | null, number | undefined, number | null>;
  /** from when payouts may go to this account: 24 h after binding or after a change of where the money goes */
  usable_at: string;
}

/** The columns of a request an operator reviews (a withdrawal, a sale to a merchant). */
interface Reviewed {
  status: string;
  reason: Generated<string>;
  reference: Generated<string>;
  request_id: string | null;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: number | null;
}

export interface WithdrawalsTable extends Reviewed {
  id: Generated<number>;
  user_id: number;
  payout_account_id: number;
  amount: Money;
}

export interface MerchantsTable {
  id: Generated<number>;
  name: string;
  /** micro-units of `currency` per USDT */
  price: Money;
  currency: string;
  /** micro-USDT the merchant still buys */
  quantity: Money;
  min_amount: Money;
  max_amount: Money;
  /** comma-separated payout kinds accepted (bank, wise) */
  methods: string;
  active: boolean;
  created_at: string;
}

export interface MerchantSalesTable extends Reviewed {
  id: Generated<number>;
  user_id: number;
  merchant_id: number;
  order_no: string;
  quantity: Money;
  price: Money;
  currency: string;
  /** micro-units of `currency`, rounded down to the cent */
  fiat_amount: Money;
  payout_account_id: number;
}

export interface ListingsTable {
  id: Generated<number>;
  user_id: number;
  /** micro-USDT listed */
  quantity: Money;
  /** micro-USDT still open to buyers */
  remaining: Money;
  /** micro-units of `currency` per USDT */
  price: Money;
  currency: string;
  min_amount: Money;
  max_amount: Money;
  payout_account_id: number;
  window_minutes: number;
  /** open | closed */
  status: string;
  request_id: string | null;
  created_at: string;
  closed_at: string | null;
  /** whether the seller is active (the Hall shows only those listings); kept by a trigger on users.status (020) */
  seller_active: Generated<boolean>;
}

export interface TradesTable {
  id: Generated<number>;
  order_no: string;
  listing_id: number;
  seller_id: number;
  buyer_id: number;
  quantity: Money;
  price: Money;
  currency: string;
  /** micro-units of `currency`, rounded down to the cent */
  fiat_amount: Money;
  payout_account_id: number;
  reference: string;
  window_minutes: number;
  /** awaiting_payment | paid | completed | cancelled | expired | disputed */
  status: string;
  pay_deadline: string;
  paid_at: string | null;
  release_deadline: string | null;
  proof: string | null;
  ended_at: string | null;
  appeal_by: string | null;
  appeal_reason: string | null;
  disputed_at: string | null;
  outcome: string | null;
  resolution_note: string | null;
  resolved_by: number | null;
  resolved_at: string | null;
  buyer_read_id: Generated<number>;
  seller_read_id: Generated<number>;
  request_id: string | null;
  created_at: string;
}

interface TradeEventsTable {
  id: Generated<number>;
  trade_id: number;
  event: string;
  actor: string;
  created_at: string;
}

export interface TradeMessagesTable {
  id: Generated<number>;
  trade_id: number;
  /** buyer | seller | operator */
  sender: string;
  sender_id: number;
  text: Generated<string>;
  image: string | null;
  created_at: string;
}

// proof of liabilities
export interface ProofSnapshotsTable {
  id: Generated<number>;
  created_at: string;
  root_hash: string;
  total: Money;
  leaf_count: number;
  taken_by: string;
  operator_id: number | null;
  /** false while its tree is being stored (022): no read shows it */
  published: Generated<boolean>;
  /** its tree's rows have been deleted by the prune job, its root kept (022) */
  tree_pruned: Generated<boolean>;
}
export interface ProofLeavesTable {
  snapshot_id: number;
  user_id: number;
  idx: number;
  nonce: string;
  amount: Money;
}
export interface ProofNodesTable {
  snapshot_id: number;
  level: number;
  idx: number;
  hash: string;
  sum: Money;
}
interface ProofScheduleTable {
  id: number;
  next_at: string;
}

/** A customer's withdrawals of one UTC day (`YYYY-MM-DD`), pending and paid, not rejected: the daily limit's sum. */
interface WithdrawalDaysTable {
  user_id: number;
  day: string;
  total: Money;
}

export interface DB {
  users: UsersTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  email_codes: EmailCodesTable;
  email_sends: EmailSendsTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  session_end_links: SessionEndLinksTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  house_invite_codes: HouseInviteCodesTable;
  accounts: AccountsTable;
  journals: JournalsTable;
  postings: PostingsTable;
  uploads: UploadsTable;
  receiving_addresses: ReceivingAddressesTable;
  recharges: RechargesTable;
  payout_accounts: PayoutAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_days: WithdrawalDaysTable;
  job_leases: JobLeasesTable;
  merchants: MerchantsTable;
  merchant_sales: MerchantSalesTable;
  listings: ListingsTable;
  trades: TradesTable;
  trade_events: TradeEventsTable;
  trade_messages: TradeMessagesTable;
  interest_products: InterestProductsTable;
  interest_orders: InterestOrdersTable;
  kefu_contacts: KefuContactsTable;
  user_adjustments: UserAdjustmentsTable;
  // proof of liabilities
  proof_snapshots: ProofSnapshotsTable;
  proof_leaves: ProofLeavesTable;
  proof_nodes: ProofNodesTable;
  proof_schedule: ProofScheduleTable;
  team_links: TeamLinksTable;
  team_sizes: TeamSizesTable;
}

/** A member of a leader's team: one row per leader above the member, up to three levels. */
interface TeamLinksTable {
  leader_id: number;
  member_id: number;
  level: number;
  /** the member's sign-up time */
  joined_at: string;
}

/** How many members a customer's team has per level, counted up at each sign-up below them. */
interface TeamSizesTable {
  user_id: number;
  level1: Generated<number>;
  level2: Generated<number>;
  level3: Generated<number>;
}

/** An interest product: `rate` in 10^-4 per cent a day; `sold` is the principal of all its orders ever. */
export interface InterestProductsTable {
  id: Generated<number>;
  name: string;
  rate: Money;
  days: number;
  min_amount: Money;
  max_amount: Money;
  quota: Money;
  sold: Generated<bigint>;
  active: boolean;
  created_at: string;
}

/** A customer's interest order: `active` until the job settles it at `expires_at` (`settled`). */
export interface InterestOrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  principal: Money;
  rate: Money;
  days: number;
  interest: Money;
  status: string;
  request_id: string | null;
  created_at: string;
  expires_at: string;
  settled_at: string | null;
}

/** Customer-service contacts. */
export interface KefuContactsTable {
  id: Generated<number>;
  name: string;
  channel: string;
  link: string;
  hours: string;
  active: boolean;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

interface UserAdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  operator_id: number;
  amount: Money;
  reason: string;
  journal_id: number | null;
  request_id: string | null;
  created_at: string;
}
