import { z } from 'zod';
import * as a from './answers.js';
import { ADMIN_API, API } from './api.js';
import type { OperatorRole } from './constants.js';
import * as s from './schemas.js';

/**
 * The wire contract: every call of both APIs with the schema of its request body and of its answer's `data`
 * (DESIGN §2). Answer schemas are strict objects, so an answer may not carry a field the contract does not name;
 * the server's tests parse every successful answer with them, and the apps type their results from them.
 */
export interface CallContract {
  /** one line for the generated docs */
  summary: string;
  /** `public`: no token; `customer`: header X-Access-Token; `operator`: header X-Admin-Token */
  auth: 'public' | 'customer' | 'operator';
  /** operator roles allowed; absent = every operator */
  roles?: readonly OperatorRole[];
  /** the body's fields (form-encoded for the customer API, JSON for the operator API; `lang` is always allowed) */
  request: z.ZodType;
  /** `data` of a successful answer (`code` 200) */
  response: z.ZodType;
  /** the body is multipart/form-data */
  multipart?: true;
  /** a successful answer is a file of this media type instead of the envelope; failures still answer the envelope */
  file?: string;
}

const OWNER = ['owner'] as const satisfies readonly OperatorRole[];
const MONEY = ['owner', 'finance'] as const satisfies readonly OperatorRole[];

/** Nothing to answer: `data` is `{}`. */
const done = a.emptyResponse;
/** A file answers instead of the envelope, so a successful envelope has no valid `data`. */
const noEnvelope = z.never();

export const CONTRACT = {
  // ---- customer API: sign-up, sign-in, profile ----
  [API.config]: {
    summary: 'Public configuration: app name, links, languages, money limits.',
    auth: 'public',
    request: s.emptyRequest,
    response: a.publicConfigSchema,
  },
  [API.sendCode]: {
    summary:
      'Mails a 6-digit code for sign-up (`scene=register`) or a password reset (`scene=forget`); answers alike whether or not the address has an account (a taken address gets a notice instead of a code, a reset for an unknown one a notice too). At most 10 mails an hour reach one address; past that the answer is `code_mail_cap` (the latest code mailed stays good).',
    auth: 'public',
    request: s.sendCodeRequest,
    response: a.sendCodeResponse,
  },
  [API.register]: {
    summary:
      'Creates the account with the mailed code and an invitation code, and signs in; the browser gets a device cookie for the account.',
    auth: 'public',
    request: s.registerRequest,
    response: a.loginResponse,
  },
  [API.login]: {
    summary:
      'Signs in. With two-factor on, `totp` (an authenticator code or a recovery code) is needed too: without it the answer is `totp_code_required` and no session opens. A success sets an HttpOnly device cookie; tries without it are limited per account over every address (`rate_limited_wait`), tries with it per device.',
    auth: 'public',
    request: s.loginRequest,
    response: a.loginResponse,
  },
  [API.forget]: {
    summary: 'Sets a new password with the mailed code; ends every session of the account; the browser gets a device cookie.',
    auth: 'public',
    request: s.forgetRequest,
    response: done,
  },
  [API.logout]: { summary: 'Ends this session.', auth: 'customer', request: s.emptyRequest, response: done },
  [API.changePassword]: {
    summary: 'Changes the password; ends every other session.',
    auth: 'customer',
    request: s.changePasswordRequest,
    response: done,
  },
  [API.getInfo]: { summary: 'The signed-in customer.', auth: 'customer', request: s.emptyRequest, response: a.userSchema },
  [API.saveInfo]: { summary: 'Renames the customer.', auth: 'customer', request: s.saveUserInfoRequest, response: a.userSchema },
  [API.setLang]: {
    summary: 'Stores the language the customer chose in the app; every mail to them is written in it (sign-in stores it too).',
    auth: 'customer',
    request: s.setLangRequest,
    response: a.userSchema,
  },
  [API.totpSetup]: {
    summary:
      'Starts turning two-factor on: a new TOTP secret (and its `otpauth://` address, issuer = the app name, label = the e-mail) to scan; each call replaces the last unconfirmed one. Refused while two-factor is on.',
    auth: 'customer',
    request: s.emptyRequest,
    response: a.totpSetupResponse,
  },
  [API.totpEnable]: {
    summary:
      'Turns two-factor on with a code of the secret from `totp-setup`; answers ten one-time recovery codes, shown this once (only their hashes are kept).',
    auth: 'customer',
    request: s.totpEnableRequest,
    response: a.totpEnableResponse,
  },
  [API.totpDisable]: {
    summary:
      'Turns two-factor off with an authenticator or recovery code; withdrawals then pause for 24 hours (`withdraw_unlock_at`).',
    auth: 'customer',
    request: s.totpDisableRequest,
    response: done,
  },
  [API.getMoneyInfo]: {
    summary: 'Balances from the ledger (`balance` = available).',
    auth: 'customer',
    request: s.emptyRequest,
    response: a.moneyInfoSchema,
  },

  // ---- customer API: money in and out ----
  [API.upload]: {
    summary: 'Stores an image (JPEG, PNG or WebP, at most 5 MB) the customer cites later, e.g. a recharge screenshot.',
    auth: 'customer',
    multipart: true,
    request: s.uploadRequest,
    response: a.uploadResponse,
  },
  [API.rechargeAddress]: {
    summary: 'Active networks and the receiving address of the one asked for (or the first).',
    auth: 'customer',
    request: s.receivingAddressRequest,
    response: a.receivingAddressResponse,
  },
  [API.rechargeCreate]: {
    summary: 'Asks for a recharge to be credited; an operator reviews it. A repeated `request_id` answers the first one.',
    auth: 'customer',
    request: s.rechargeCreateRequest,
    response: a.reviewCreatedResponse,
  },
  [API.rechargeList]: {
    summary: "The customer's recharges, newest first.",
    auth: 'customer',
    request: s.pagingRequest,
    response: a.pageOf(a.rechargeSchema),
  },
  [API.bankinfoCreate]: {
    summary:
      'Binds a payout account: a bank account (IBAN, SWIFT) or a Wise account (at most 20); it receives withdrawals and sales 24 hours later (`usable_at`). Phone numbers are international (`+` and country code; 11 digits starting with 1 are read as +86) and stored in E.164. With two-factor on, a fresh `totp` is needed (`totp_code_required` without it).',
    auth: 'customer',
    request: s.bankinfoCreateRequest,
    response: a.idResponse,
  },
  [API.bankinfoList]: {
    summary: "The customer's payout accounts (not paged).",
    auth: 'customer',
    request: s.bankinfoListRequest,
    response: a.payoutAccountListResponse,
  },
  [API.bankinfoDetail]: {
    summary: "One of the customer's payout accounts.",
    auth: 'customer',
    request: s.bankinfoDetailRequest,
    response: a.payoutAccountSchema,
  },
  [API.bankinfoUpdate]: {
    summary:
      "Changes one of the customer's payout accounts (all fields again, same `type`) and answers its id from now on: the old details stay with the withdrawals already made to them. Refused while a withdrawal to it is under review. Changing who receives the money (names, IBAN, bank, SWIFT, Wise e-mail, country) starts its 24 hours before payouts again (`usable_at`); a contact detail alone does not. With two-factor on, a fresh `totp` is needed (`totp_code_required` without it).",
    auth: 'customer',
    request: s.bankinfoUpdateRequest,
    response: a.idResponse,
  },
  [API.bankinfoDelete]: {
    summary:
      "Removes one of the customer's payout accounts (its past withdrawals keep their details). Refused while a withdrawal to it is under review. With two-factor on, a fresh `totp` is needed (`totp_code_required` without it).",
    auth: 'customer',
    request: s.bankinfoDeleteRequest,
    response: done,
  },
  [API.bankinfoIsAdd]: {
    summary: 'Which kinds of payout account are bound.',
    auth: 'customer',
    request: s.emptyRequest,
    response: a.bankinfoIsAddResponse,
  },
  [API.withdrawCreate]: {
    summary:
      'Asks for a payout: the amount moves from available to frozen until an operator decides. The account must be usable (`usable_at`: 24 hours after it was bound or its payee details changed). With two-factor on, a fresh `totp` is needed (`totp_code_required` without it).',
    auth: 'customer',
    request: s.withdrawCreateRequest,
    response: a.reviewCreatedResponse,
  },
  [API.withdrawList]: {
    summary: "The customer's withdrawals, newest first.",
    auth: 'customer',
    request: s.pagingRequest,
    response: a.pageOf(a.withdrawalSchema),
  },
  [API.assetLogList]: {
    summary: 'Every change of the available balance, newest first.',
    auth: 'customer',
    request: s.pagingRequest,
    response: a.pageOf(a.assetLogEntrySchema),
  },
  [API.assetLogTongji]: {
    summary: 'Asset-log summary from the ledger.',
    auth: 'customer',
    request: s.emptyRequest,
    response: a.assetLogTongjiSchema,
  },
  [API.assetLogExport]: {
    summary: 'The whole asset log as a CSV file (UTF-8 with BOM).',
    auth: 'customer',
    request: s.emptyRequest,
    response: noEnvelope,
    file: 'text/csv',
  },
  [API.propertyTongji]: {
    summary: 'Property summary from the ledger.',
    auth: 'customer',
    request: s.emptyRequest,
    response: a.propertyTongjiSchema,
  },
  [API.sellingMerchant]: {
    summary:
      "Merchants' active buy offers (unit price and currency, quantity still bought, per-order limits, payout kinds accepted) with their sales in the last 30 days and completion rate.",
    auth: 'customer',
    request: s.pagingRequest,
    response: a.pageOf(a.merchantOfferSchema),
  },
  [API.saleuCreateOrder]: {
    summary:
      "Sells `number` USDT to merchant `saleu_id`, paid to the customer's payout account `bk_id` (a kind the merchant pays to): the amount moves available -> frozen and the offer's quantity is reserved; the order waits `auditing` until an operator records the merchant's payment or rejects it. The account must be usable (`usable_at`). Without `bk_id`, the customer's usable account of a kind the merchant pays to is used: the one a payout last went to, else the newest (none: `sale_no_payout_account`). A repeated `request_id` answers the first order. With two-factor on it takes a fresh `totp`; refused within 24 hours of a password change or two-factor turned off.",
    auth: 'customer',
    request: s.saleuCreateRequest,
    response: a.saleCreatedResponse,
  },
  [API.saleuListOrder]: {
    summary: "The customer's sales to merchants, newest first.",
    auth: 'customer',
    request: s.pagingRequest,
    response: a.pageOf(a.merchantSaleSchema),
  },

  [API.sellingTongji]: {
    summary:
      "The Hall's summary from the ledger: available, escrow (USDT in the caller's listings), frozen (pending withdrawals and sales), the total balance (available + frozen + escrow + interest, the same total as `userinfo/get-money-info` and `asset-log/tongji`) and the on-order amount (escrow + frozen).",
    auth: 'customer',
    request: s.emptyRequest,
    response: a.sellingTongjiSchema,
  },
  [API.sellingHistory]: {
    summary:
      "The latest 20 completed deals of everyone (trades and sales to merchants), sellers named as other customers see them (nickname, or the e-mail's first letters: `ab***`).",
    auth: 'customer',
    request: s.emptyRequest,
    response: a.sellingHistoryResponse,
  },
  [API.sellingCreate]: {
    summary:
      'Posts a sell listing: `number` USDT at `price` per USDT in `currency`, per-trade `min` and `max`, paid to the payout account `bk_id`, with a payment window of 15, 30 or 60 minutes (`window_minutes`). The quantity moves available -> escrow. A repeated `request_id` answers the first listing. With two-factor on it takes a fresh `totp`; refused within 24 hours of a password change or two-factor turned off.',
    auth: 'customer',
    request: s.sellingCreateRequest,
    response: a.idResponse,
  },
  [API.sellingCancel]: {
    summary:
      "Closes the caller's listing and returns its untraded remainder escrow -> available; refused while a trade on it is not finished. A listing sold out closes by itself once its last trade has finished.",
    auth: 'customer',
    request: s.sellingCancelRequest,
    response: a.listingSchema,
  },
  [API.sellingOrder]: {
    summary:
      "Open listings of other customers, best price first (`mine=1`: the caller's own listings, open and closed, newest first).",
    auth: 'customer',
    request: s.sellingOrderRequest,
    response: a.pageOf(a.listingSchema),
  },
  [API.tradeCreate]: {
    summary:
      "Buys `number` USDT of listing `selling_id` (within its limits and remainder): the trade waits `awaiting_payment` until the buyer pays the seller's payout account within the listing's window. Refused for the seller's own listing, while the caller has 2 trades awaiting payment (`trade_unpaid_limit`), and while the caller's cancel limit holds — the trades awaiting payment count towards it, so that the cancels can never pass it (`trade_cancel_limit`, `trade_cancel_limit_near`). A repeated `request_id` answers the first trade.",
    auth: 'customer',
    request: s.tradeCreateRequest,
    response: a.idResponse,
  },
  [API.tradePaid]: {
    summary: 'The buyer says the fiat was sent (optional proof `image`, an upload used once): `awaiting_payment` -> `paid`.',
    auth: 'customer',
    request: s.tradePaidRequest,
    response: a.tradeDetailSchema,
  },
  [API.tradeRelease]: {
    summary:
      "The seller confirms the fiat arrived: escrow -> the buyer's available, `paid` or `disputed` -> `completed`. With two-factor on it takes a fresh `totp`; refused within 24 hours of a password change or two-factor turned off.",
    auth: 'customer',
    request: s.tradeReleaseRequest,
    response: a.tradeDetailSchema,
  },
  [API.tradeCancel]: {
    summary:
      'The buyer cancels a trade not paid yet: `awaiting_payment` -> `cancelled`, the quantity back to the listing. Counts towards the cancel limit (3 in 24 hours).',
    auth: 'customer',
    request: s.tradeIdRequest,
    response: a.tradeDetailSchema,
  },
  [API.tradeAppeal]: {
    summary: 'Either side opens a dispute on a `paid` trade with a reason: `paid` -> `disputed`; an operator decides it.',
    auth: 'customer',
    request: s.tradeAppealRequest,
    response: a.tradeDetailSchema,
  },
  [API.tradeDetail]: {
    summary:
      "One of the caller's trades with the payee (only what paying needs: the holder, and the bank, IBAN and SWIFT or the Wise e-mail; empty for the buyer once the trade ended unpaid), the proof, the timeline and the actions the caller may take now.",
    auth: 'customer',
    request: s.tradeIdRequest,
    response: a.tradeDetailSchema,
  },
  [API.tradeList]: {
    summary: "The caller's trades on both sides, newest first; optional `status`.",
    auth: 'customer',
    request: s.tradeListRequest,
    response: a.pageOf(a.tradeSchema),
  },
  [API.tradeUnread]: {
    summary: "For the Orders tab's badge: unread chat messages on the caller's trades and trades waiting for the caller's step.",
    auth: 'customer',
    request: s.emptyRequest,
    response: a.tradeUnreadResponse,
  },
  [API.tradeMessageList]: {
    summary: "A trade's chat, oldest first (`after_id`: only newer ones); marks what it answers as read for the caller.",
    auth: 'customer',
    request: s.tradeMessageListRequest,
    response: a.tradeMessageListResponse,
  },
  [API.tradeMessageSend]: {
    summary:
      "Writes to a trade's chat: a `text`, an `image` (an upload used once), or both; both sides' apps get the live event `chat` (`trade:<id>`). Only while the trade runs (`awaiting_payment`, `paid`, `disputed`): an ended trade's chat stays readable but is closed (`chat_closed`). At most 20 messages a minute per customer.",
    auth: 'customer',
    request: s.tradeMessageSendRequest,
    response: a.tradeMessageSchema,
  },
  // interest wallet
  [API.lixibaoList]: {
    summary:
      'Active interest products with quota left (daily rate in per cent, days, per-order limits, quota remaining), newest first; the app asks page 1, size 10.',
    auth: 'customer',
    request: s.lixibaoListRequest,
    response: a.pageOf(a.interestProductSchema),
  },
  [API.lixibaoCreateOrder]: {
    summary:
      "Subscribes `number` USDT to product `lixibao_id`: within the product's limits and remaining quota (the quota caps the principal of all its orders ever made, active and settled; a settled order frees none), from available to the interest account; refused when the product is inactive. At expiry (`days` later) the job runner pays principal + interest (principal x rate x days / 100, rounded down to the micro-unit) to available and the order becomes `settled`. A repeated `request_id` answers the first order. With two-factor on it takes a fresh `totp`; refused within 24 hours of a password change or two-factor turned off.",
    auth: 'customer',
    request: s.lixibaoCreateOrderRequest,
    response: a.interestOrderSchema,
  },
  [API.lixibaoListOrder]: {
    summary: "The customer's interest orders, newest first, with the interest each pays or paid.",
    auth: 'customer',
    request: s.pagingRequest,
    response: a.pageOf(a.interestOrderSchema),
  },

  // ---- operator API ----
  [ADMIN_API.login]: {
    summary:
      'Signs an operator in with password and TOTP code (each code works once); sets an HttpOnly device cookie, as `user/login` does.',
    auth: 'public',
    request: s.adminLoginRequest,
    response: a.adminLoginResponse,
  },
  [ADMIN_API.logout]: { summary: 'Ends this operator session.', auth: 'operator', request: s.emptyRequest, response: done },
  [ADMIN_API.me]: { summary: 'The signed-in operator.', auth: 'operator', request: s.emptyRequest, response: a.operatorSchema },
  [ADMIN_API.auditList]: {
    summary: 'The audit log, newest first; `keyword` searches action, target, operator and detail.',
    auth: 'operator',
    request: s.auditListRequest,
    response: a.pageOf(a.auditEntrySchema),
  },
  [ADMIN_API.auditVerify]: {
    summary: "Checks the audit log's keyed hash chain, and against `checkpoint` (`id:hash` kept outside the system) when given.",
    auth: 'operator',
    request: s.auditVerifyRequest,
    response: a.auditVerifyResponse,
  },
  [ADMIN_API.auditCheckpoint]: {
    summary: 'The newest audit entry as a checkpoint (`id:hash`) for the owner to keep outside the system.',
    auth: 'operator',
    roles: OWNER,
    request: s.emptyRequest,
    response: a.auditCheckpointResponse,
  },
  [ADMIN_API.settingsGet]: {
    summary: 'The operator-editable settings.',
    auth: 'operator',
    request: s.emptyRequest,
    response: a.settingsResponse,
  },
  [ADMIN_API.settingsSave]: {
    summary: 'Saves the settings; answers them as stored.',
    auth: 'operator',
    roles: OWNER,
    request: s.settingsSchema,
    response: a.settingsResponse,
  },
  [ADMIN_API.inviteCodeList]: {
    summary: 'House invitation codes.',
    auth: 'operator',
    request: s.pagingRequest,
    response: a.pageOf(a.inviteCodeSchema),
  },
  [ADMIN_API.inviteCodeCreate]: {
    summary: 'Adds a house invitation code.',
    auth: 'operator',
    roles: OWNER,
    request: s.inviteCodeCreateRequest,
    response: a.inviteCodeSchema,
  },
  [ADMIN_API.inviteCodeUpdate]: {
    summary: 'Switches a house invitation code on or off.',
    auth: 'operator',
    roles: OWNER,
    request: s.inviteCodeUpdateRequest,
    response: a.inviteCodeUpdateResponse,
  },
  [ADMIN_API.operatorList]: {
    summary: 'Operators.',
    auth: 'operator',
    roles: OWNER,
    request: s.pagingRequest,
    response: a.pageOf(a.operatorSchema),
  },
  [ADMIN_API.operatorCreate]: {
    summary: 'Adds an operator; the TOTP secret is answered this once, to hand over.',
    auth: 'operator',
    roles: OWNER,
    request: s.operatorCreateRequest,
    response: a.operatorCreateResponse,
  },
  [ADMIN_API.rechargeList]: {
    summary: 'Recharges of every customer, newest first; `keyword` searches the e-mail.',
    auth: 'operator',
    request: s.reviewListRequest,
    response: a.pageOf(a.adminRechargeSchema),
  },
  [ADMIN_API.rechargeApprove]: {
    summary: 'Credits an `auditing` recharge (world -> available) and completes it.',
    auth: 'operator',
    roles: MONEY,
    request: s.approveRequest,
    response: a.rechargeSchema,
  },
  [ADMIN_API.rechargeReject]: {
    summary: 'Rejects an `auditing` recharge with a reason.',
    auth: 'operator',
    roles: MONEY,
    request: s.rejectRequest,
    response: a.rechargeSchema,
  },
  [ADMIN_API.withdrawList]: {
    summary:
      'Withdrawals of every customer with the payout account masked (IBAN, phone, e-mail, address), newest first; `keyword` searches the e-mail.',
    auth: 'operator',
    request: s.reviewListRequest,
    response: a.pageOf(a.adminWithdrawalSchema),
  },
  [ADMIN_API.withdrawApprove]: {
    summary: 'Marks an `auditing` withdrawal paid out (frozen -> world) with the payout reference.',
    auth: 'operator',
    roles: MONEY,
    request: s.withdrawApproveRequest,
    response: a.withdrawalSchema,
  },
  [ADMIN_API.withdrawReject]: {
    summary: 'Rejects an `auditing` withdrawal with a reason (frozen -> available).',
    auth: 'operator',
    roles: MONEY,
    request: s.rejectRequest,
    response: a.withdrawalSchema,
  },
  [ADMIN_API.withdrawReveal]: {
    summary: "One withdrawal's payout account in full, to pay it out; every reveal is written to the audit log.",
    auth: 'operator',
    roles: MONEY,
    request: s.approveRequest,
    response: a.withdrawRevealResponse,
  },
  [ADMIN_API.demoStatus]: {
    summary: 'Demo data still in place (demo receiving addresses, the demo customer while it can sign in).',
    auth: 'operator',
    request: s.emptyRequest,
    response: a.demoStatusResponse,
  },
  [ADMIN_API.demoRemove]: {
    summary:
      'Removes the demo data: the demo receiving addresses, and the demo customer (deleted, or closed when it has money history or invitees). Audited.',
    auth: 'operator',
    roles: OWNER,
    request: s.emptyRequest,
    response: a.demoRemoveResponse,
  },
  [ADMIN_API.addressList]: {
    summary: 'Receiving addresses of the recharge networks.',
    auth: 'operator',
    request: s.pagingRequest,
    response: a.pageOf(a.adminAddressSchema),
  },
  [ADMIN_API.addressCreate]: {
    summary: 'Adds the receiving address of a network.',
    auth: 'operator',
    roles: MONEY,
    request: s.addressCreateRequest,
    response: a.adminAddressSchema,
  },
  [ADMIN_API.addressUpdate]: {
    summary: 'Changes a receiving address or switches it on or off.',
    auth: 'operator',
    roles: MONEY,
    request: s.addressUpdateRequest,
    response: a.adminAddressSchema,
  },
  [ADMIN_API.merchantList]: {
    summary: "Merchants' buy offers, active or not, newest first.",
    auth: 'operator',
    request: s.pagingRequest,
    response: a.pageOf(a.adminMerchantSchema),
  },
  [ADMIN_API.merchantCreate]: {
    summary: 'Adds a merchant buy offer (audited).',
    auth: 'operator',
    roles: MONEY,
    request: s.merchantCreateRequest,
    response: a.adminMerchantSchema,
  },
  [ADMIN_API.merchantUpdate]: {
    summary: 'Changes fields of a merchant buy offer or switches it on or off (audited).',
    auth: 'operator',
    roles: MONEY,
    request: s.merchantUpdateRequest,
    response: a.adminMerchantSchema,
  },
  [ADMIN_API.saleuList]: {
    summary: 'Sales to merchants of every customer with the payout account masked, newest first; `keyword` searches the e-mail.',
    auth: 'operator',
    request: s.reviewListRequest,
    response: a.pageOf(a.adminMerchantSaleSchema),
  },
  [ADMIN_API.saleuApprove]: {
    summary: "Records the merchant's payment of an `auditing` sale with its reference (frozen -> merchant_settlement).",
    auth: 'operator',
    roles: MONEY,
    request: s.withdrawApproveRequest,
    response: a.merchantSaleSchema,
  },
  [ADMIN_API.saleuReject]: {
    summary: "Rejects an `auditing` sale with a reason (frozen -> available; the quantity goes back to the merchant's offer).",
    auth: 'operator',
    roles: MONEY,
    request: s.rejectRequest,
    response: a.merchantSaleSchema,
  },
  [ADMIN_API.tradeList]: {
    summary:
      'Trades of every customer, newest first; `status` (`disputed` is the disputes queue), `keyword` searches either e-mail.',
    auth: 'operator',
    request: s.adminTradeListRequest,
    response: a.pageOf(a.adminTradeSchema),
  },
  [ADMIN_API.tradeDetail]: {
    summary:
      'One trade with its timeline, proof, payee (masked like every payout account in the console) and chat: `messages` is empty until the trade is disputed, then the whole chat, also after the decision.',
    auth: 'operator',
    request: s.tradeIdRequest,
    response: a.adminTradeDetailSchema,
  },
  [ADMIN_API.tradeResolve]: {
    summary:
      "Decides a `disputed` trade with a note: `release` (escrow -> the buyer's available, `completed`) or `refund` (escrow -> the seller's available, `cancelled`). Both sides are told.",
    auth: 'operator',
    roles: MONEY,
    request: s.tradeResolveRequest,
    response: a.adminTradeDetailSchema,
  },
  [ADMIN_API.tradeMessageSend]: {
    summary:
      "Writes a `text` to a disputed trade's chat as the operator (no `image`: uploads are customers'); audited; both sides get the live event `chat`.",
    auth: 'operator',
    request: s.tradeMessageSendRequest,
    response: a.tradeMessageSchema,
  },
  // interest wallet
  [ADMIN_API.lixibaoList]: {
    summary: 'Interest products, active or not, with quota and principal sold, newest first.',
    auth: 'operator',
    request: s.pagingRequest,
    response: a.pageOf(a.adminInterestProductSchema),
  },
  [ADMIN_API.lixibaoCreate]: {
    summary:
      'Adds an interest product (audited): `name`, daily `rate` in per cent (up to 4 decimals), `days`, per-order `min` and `max`, total `quota` of principal, `active`.',
    auth: 'operator',
    roles: MONEY,
    request: s.interestProductCreateRequest,
    response: a.adminInterestProductSchema,
  },
  [ADMIN_API.lixibaoUpdate]: {
    summary:
      'Changes fields of an interest product or switches it off (audited); orders already made keep their rate and days. The quota cannot go below what was sold.',
    auth: 'operator',
    roles: MONEY,
    request: s.interestProductUpdateRequest,
    response: a.adminInterestProductSchema,
  },
  // ---- team, invitations, customer service ----
  [API.teamTongji]: {
    summary:
      "The caller's team size over three levels of the invitation tree: `level1` invited by the caller, `level2` by those, `level3` by those; deeper levels are not counted.",
    auth: 'customer',
    request: s.emptyRequest,
    response: a.teamTongjiSchema,
  },
  [API.teamList]: {
    summary:
      "Members of the caller's team (three levels, or one with `level` 1-3), newest first, each named as other customers see them (nickname, or the e-mail's first letters: `ab***`).",
    auth: 'customer',
    request: s.teamListRequest,
    response: a.pageOf(a.teamMemberSchema),
  },
  [API.inviteDetail]: {
    summary:
      "The caller's invitation code and the sign-up address that fills it in (the operator's app address, else PUBLIC_URL).",
    auth: 'customer',
    request: s.emptyRequest,
    response: a.inviteDetailSchema,
  },
  [API.kefuList]: {
    summary:
      "Active customer-service contacts in the operators' order (`sort_order`, then id); empty when there are none (the app then falls back to the public config's `kf_url`).",
    auth: 'customer',
    request: s.emptyRequest,
    response: a.kefuListResponse,
  },
  [ADMIN_API.kefuList]: {
    summary: 'Customer-service contacts, active or not, in their order.',
    auth: 'operator',
    request: s.pagingRequest,
    response: a.pageOf(a.adminKefuSchema),
  },
  [ADMIN_API.kefuCreate]: {
    summary: 'Adds a customer-service contact (link https/http/mailto/tg only; audited).',
    auth: 'operator',
    roles: OWNER,
    request: s.kefuCreateRequest,
    response: a.adminKefuSchema,
  },
  [ADMIN_API.kefuUpdate]: {
    summary: 'Changes fields of a customer-service contact or switches it on or off (audited).',
    auth: 'operator',
    roles: OWNER,
    request: s.kefuUpdateRequest,
    response: a.adminKefuSchema,
  },
  // ---- customers and operator management ----
  [ADMIN_API.userList]: {
    summary:
      "Customers, newest first, with their balance total; `keyword` searches the e-mail, the invitation code and the inviter's code; optional `status`.",
    auth: 'operator',
    request: s.userListRequest,
    response: a.pageOf(a.adminUserSchema),
  },
  [ADMIN_API.userDetail]: {
    summary:
      'One customer: profile, balances by account, the last 50 ledger postings, team counts (three levels), recent orders of each kind (payout accounts masked), corrections and open sessions (no tokens).',
    auth: 'operator',
    request: s.userIdRequest,
    response: a.adminUserDetailSchema,
  },
  [ADMIN_API.userFreeze]: {
    summary:
      'Freezes an active customer with a reason: every session ends and their open apps are signed out at once; they cannot sign in or call anything until unfrozen. Their open trades stay with the operators and the jobs. Audited.',
    auth: 'operator',
    roles: MONEY,
    request: s.userFreezeRequest,
    response: a.adminUserSchema,
  },
  [ADMIN_API.userUnfreeze]: {
    summary: 'Unfreezes a frozen customer: they can sign in again. Audited.',
    auth: 'operator',
    roles: OWNER,
    request: s.userIdRequest,
    response: a.adminUserSchema,
  },
  [ADMIN_API.userAdjust]: {
    summary:
      "Posts a correction (journal `adjust`) of a signed `amount` (at most 2 decimals, not zero) between the customer's available balance and the platform's `adjustments` account, with a mandatory `reason`; a deduction cannot take available below zero. The customer sees it in their asset log. A repeated `request_id` answers the first correction. Audited.",
    auth: 'operator',
    roles: OWNER,
    request: s.userAdjustRequest,
    response: a.userAdjustResponse,
  },
  [ADMIN_API.operatorDisable]: {
    summary: 'Disables another operator (not yourself, not the last active owner); their sessions end at once. Audited.',
    auth: 'operator',
    roles: OWNER,
    request: s.operatorIdRequest,
    response: a.operatorSchema,
  },
  [ADMIN_API.operatorEnable]: {
    summary: 'Enables a disabled operator again. Audited.',
    auth: 'operator',
    roles: OWNER,
    request: s.operatorIdRequest,
    response: a.operatorSchema,
  },
  [ADMIN_API.operatorResetTotp]: {
    summary:
      'Gives an operator a new TOTP secret, answered once to hand over (like create); the old one stops working and their sessions end. Audited.',
    auth: 'operator',
    roles: OWNER,
    request: s.operatorIdRequest,
    response: a.operatorResetTotpResponse,
  },
  [ADMIN_API.changePassword]: {
    summary:
      'The signed-in operator changes their own password (the old one, the new one twice); their other sessions end. Audited.',
    auth: 'operator',
    request: s.changePasswordRequest,
    response: done,
  },
  // ---- VIP levels and the dashboard ----
  // ---- safer mail and sessions ----
  [API.securitySessions]: {
    summary:
      "The caller's sessions, newest first: device (browser and system from the User-Agent), client address, when opened and last used (to the minute), and which one made this call. Never a token.",
    auth: 'customer',
    request: s.emptyRequest,
    response: a.sessionListResponse,
  },
  [API.securitySessionEnd]: {
    summary:
      "Ends one of the caller's sessions (`id`; another customer's id answers like a missing one) or every other one (`all_others=1`); their apps are signed out at once.",
    auth: 'customer',
    request: s.sessionEndRequest,
    response: a.sessionEndResponse,
  },
  [API.securitySessionEndLink]: {
    summary:
      'The "end this session" link of a new-device mail (`token`, valid 7 days, once): ends the session that sign-in opened. No sign-in needed.',
    auth: 'public',
    request: s.sessionEndLinkRequest,
    response: a.sessionEndLinkResponse,
  },
  [API.securityAntiPhishing]: {
    summary:
      'Sets the anti-phishing phrase shown at the top of every mail to the caller (4 to 32 letters, digits or spaces); an empty `phrase` removes it.',
    auth: 'customer',
    request: s.antiPhishingRequest,
    response: a.emptyResponse,
  },
  [API.vipInfo]: {
    summary:
      "The caller's VIP level (an owner's override, else the level their completed trade and sale volume earns), the volume, and today's withdrawal limit and what is left of it.",
    auth: 'customer',
    request: s.emptyRequest,
    response: a.vipInfoResponse,
  },
  [ADMIN_API.vipGet]: {
    summary: 'The VIP levels: the volume each starts at and its daily withdrawal limit.',
    auth: 'operator',
    request: s.emptyRequest,
    response: a.vipLevelsResponse,
  },
  [ADMIN_API.vipSave]: {
    summary: 'Replaces the VIP levels (VIP 0 starts at 0, volumes rise); audited; answers them as stored.',
    auth: 'operator',
    roles: OWNER,
    request: s.vipSaveRequest,
    response: a.vipLevelsResponse,
  },
  [ADMIN_API.userSetVip]: {
    summary:
      "Sets a customer's VIP level by hand, or with an empty `level` clears it back to the earned one; reason required, audited.",
    auth: 'operator',
    roles: OWNER,
    request: s.userSetVipRequest,
    response: a.userSetVipResponse,
  },
  [ADMIN_API.dashboardSummary]: {
    summary:
      'The dashboard: customer liabilities and platform balances from the ledger, the review queues with their oldest item, and 30 daily points.',
    auth: 'operator',
    request: s.emptyRequest,
    response: a.dashboardSummaryResponse,
  },
  // ---- proof of liabilities ----
  [API.proofRoots]: {
    summary:
      "Published proof-of-liabilities snapshots, newest first, without sign-in: time, root hash of the Merkle sum tree over every customer's holdings (available + frozen + escrow + interest, each customer's in four leaves of random parts, customers holding nothing included with 0s), the total (the root's sum, equal to the ledger's customer liabilities at that moment) and the number of leaves.",
    auth: 'public',
    request: s.pagingRequest,
    response: a.pageOf(a.proofRootSchema),
  },
  [API.proofMine]: {
    summary:
      "The caller's holdings (`amount`) and their leaves: the holdings split into random parts adding up to it, each leaf with its random nonce, the hash of the caller's user id, its amount and its path (each level's sibling hash, sibling sum and side, and the parent they make) up to the root of snapshot `snapshot_id` (blank: the latest); checked with `verifyProof` of the shared package, in the app and by `npm run proof:verify` (every path, distinct places, the parts' sum). No other customer's id, e-mail or amount appears, only sibling sums, and a sibling leaf is a random part of someone's holdings (docs/proof-of-liabilities.md). `proof_none` when no snapshot exists yet, `proof_not_included` when the caller signed up after it, `proof_pruned` when `snapshot_id` is older than the newest 30 snapshots (only their trees are kept; older roots stay listed).",
    auth: 'customer',
    request: s.proofMineRequest,
    response: a.proofMineResponse,
  },
  [ADMIN_API.proofSnapshot]: {
    summary:
      "Takes a proof-of-liabilities snapshot now (the daily job takes one too): reads every customer's holdings from the ledger at one point, builds the tree and refuses (`proof_ledger_mismatch`, logged) unless the root's sum equals the ledger's customer liabilities. Audited.",
    auth: 'operator',
    roles: OWNER,
    request: s.emptyRequest,
    response: a.adminProofSnapshotSchema,
  },
  [ADMIN_API.proofList]: {
    summary: 'Proof-of-liabilities snapshots, newest first, with who took each (`job` or the operator).',
    auth: 'operator',
    request: s.pagingRequest,
    response: a.pageOf(a.adminProofSnapshotSchema),
  },
} as const satisfies Record<string, CallContract>;

type Contract = typeof CONTRACT;
export type ApiPath = keyof Contract;
export type CustomerPath = Extract<ApiPath, `/api/v1/${string}`>;
export type AdminPath = Extract<ApiPath, `/api/admin/v1/${string}`>;
/** `data` of a successful answer of `P`. */
export type Answer<P extends ApiPath> = z.output<Contract[P]['response']>;
/** Paths whose answer is a page `{ list, total, page, page_size }`. */
export type PagedPath<P extends ApiPath = ApiPath> = {
  [K in P]: [Answer<K>] extends [never] ? never : Answer<K> extends a.Page<unknown> ? K : never;
}[P];
/** One row of a paged answer. */
export type PageItem<P extends PagedPath> = Answer<P> extends a.Page<infer T> ? T : never;
/** Paths that answer a file on success. */
export type FilePath = { [K in ApiPath]: Contract[K] extends { file: string } ? K : never }[ApiPath];
/** Paths that take a multipart upload. */
export type MultipartPath = { [K in ApiPath]: Contract[K] extends { multipart: true } ? K : never }[ApiPath];
/** Paths whose body is plain fields and whose answer is the envelope. */
export type PlainPath = Exclude<ApiPath, FilePath | MultipartPath>;

const isApiPath = (path: string): path is ApiPath => Object.hasOwn(CONTRACT, path);

export class ContractError extends Error {
  override name = 'ContractError';
}

/**
 * Checks a successful answer's `data` against the contract of `path`: throws a ContractError naming each mismatch
 * (a missing or mistyped field, a field the contract does not know) or a path without a contract.
 */
export function checkAnswer(path: string, data: unknown): void {
  if (!isApiPath(path)) throw new ContractError(`${path} answered code 200 but has no contract entry`);
  const result = CONTRACT[path].response.safeParse(data);
  if (!result.success)
    throw new ContractError(`answer of ${path} does not match its contract:\n${z.prettifyError(result.error)}`);
}
