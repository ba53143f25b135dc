/** Paths of the customer API (`/api/v1/...`) and the operator API (`/api/admin/v1/...`). */
export const API = {
  upload: '/api/v1/attach/upload',
  login: '/api/v1/user/login',
  register: '/api/v1/user/register',
  forget: '/api/v1/user/forget',
  logout: '/api/v1/user/logout',
  changePassword: '/api/v1/user/change-password',
  sendCode: '/api/v1/sms/send-code',
  getInfo: '/api/v1/userinfo/get-info',
  getMoneyInfo: '/api/v1/userinfo/get-money-info',
  saveInfo: '/api/v1/userinfo/save',
  setLang: '/api/v1/userinfo/set-lang',
  config: '/api/v1/config/get',
  rechargeAddress: '/api/v1/recharge/shoukuan-address',
  rechargeCreate: '/api/v1/recharge/create',
  rechargeList: '/api/v1/recharge/list',
  bankinfoCreate: '/api/v1/bankinfo/create',
  bankinfoList: '/api/v1/bankinfo/list',
  bankinfoDetail: '/api/v1/bankinfo/detail',
  bankinfoIsAdd: '/api/v1/bankinfo/get-is-add',
  bankinfoUpdate: '/api/v1/bankinfo/update',
  bankinfoDelete: '/api/v1/bankinfo/delete',
  withdrawCreate: '/api/v1/withdraw/create',
  withdrawList: '/api/v1/withdraw/list',
  assetLogList: '/api/v1/asset-log/list',
  assetLogTongji: '/api/v1/asset-log/tongji',
  assetLogExport: '/api/v1/asset-log/export',
  propertyTongji: '/api/v1/property/tongji',
  sellingMerchant: '/api/v1/selling/merchant',
  saleuCreateOrder: '/api/v1/saleu/create-order',
  saleuListOrder: '/api/v1/saleu/list-order',
  sellingTongji: '/api/v1/selling/tongji',
  sellingHistory: '/api/v1/selling/history',
  sellingCreate: '/api/v1/selling/create',
  sellingCancel: '/api/v1/selling/cancel',
  sellingOrder: '/api/v1/selling/order',
  tradeCreate: '/api/v1/trade/create',
  tradePaid: '/api/v1/trade/paid',
  tradeRelease: '/api/v1/trade/release',
  tradeCancel: '/api/v1/trade/cancel',
  tradeAppeal: '/api/v1/trade/appeal',
  tradeDetail: '/api/v1/trade/detail',
  tradeList: '/api/v1/trade/list',
  tradeUnread: '/api/v1/trade/unread',
  tradeMessageList: '/api/v1/trade/message-list',
  tradeMessageSend: '/api/v1/trade/message-send',
  // interest wallet
  lixibaoList: '/api/v1/lixibao/list',
  lixibaoCreateOrder: '/api/v1/lixibao/create-order',
  lixibaoListOrder: '/api/v1/lixibao/list-order',
  // ---- team, invitations, customer service ----
  teamTongji: '/api/v1/team/tongji',
  teamList: '/api/v1/team/list',
  inviteDetail: '/api/v1/invite/detail',
  kefuList: '/api/v1/team/kefu-list',
  // VIP levels
  vipInfo: '/api/v1/vip/info',
  // proof of liabilities
  proofRoots: '/api/v1/proof/roots',
  proofMine: '/api/v1/proof/mine',
  // two-factor for customers
  totpSetup: '/api/v1/security/totp-setup',
  totpEnable: '/api/v1/security/totp-enable',
  totpDisable: '/api/v1/security/totp-disable',
  // safer mail and sessions
  securitySessions: '/api/v1/security/sessions',
  securitySessionEnd: '/api/v1/security/session-end',
  securitySessionEndLink: '/api/v1/security/session-end-link',
  securityAntiPhishing: '/api/v1/security/anti-phishing',
} as const;

/** Stored uploads are served at `/uploads/<name>` to their owner (X-Access-Token) and to operators (X-Admin-Token). */
export const UPLOADS_PREFIX = '/uploads/';

export const ADMIN_API = {
  login: '/api/admin/v1/auth/login',
  logout: '/api/admin/v1/auth/logout',
  me: '/api/admin/v1/auth/me',
  auditList: '/api/admin/v1/audit/list',
  auditVerify: '/api/admin/v1/audit/verify',
  auditCheckpoint: '/api/admin/v1/audit/checkpoint',
  settingsGet: '/api/admin/v1/settings/get',
  settingsSave: '/api/admin/v1/settings/save',
  inviteCodeList: '/api/admin/v1/invite-code/list',
  inviteCodeCreate: '/api/admin/v1/invite-code/create',
  inviteCodeUpdate: '/api/admin/v1/invite-code/update',
  operatorList: '/api/admin/v1/operator/list',
  operatorCreate: '/api/admin/v1/operator/create',
  rechargeList: '/api/admin/v1/recharge/list',
  rechargeApprove: '/api/admin/v1/recharge/approve',
  rechargeReject: '/api/admin/v1/recharge/reject',
  withdrawList: '/api/admin/v1/withdraw/list',
  withdrawApprove: '/api/admin/v1/withdraw/approve',
  withdrawReject: '/api/admin/v1/withdraw/reject',
  withdrawReveal: '/api/admin/v1/withdraw/reveal',
  demoStatus: '/api/admin/v1/demo/status',
  demoRemove: '/api/admin/v1/demo/remove',
  addressList: '/api/admin/v1/address/list',
  addressCreate: '/api/admin/v1/address/create',
  addressUpdate: '/api/admin/v1/address/update',
  merchantList: '/api/admin/v1/merchant/list',
  merchantCreate: '/api/admin/v1/merchant/create',
  merchantUpdate: '/api/admin/v1/merchant/update',
  saleuList: '/api/admin/v1/saleu/list',
  saleuApprove: '/api/admin/v1/saleu/approve',
  saleuReject: '/api/admin/v1/saleu/reject',
  tradeList: '/api/admin/v1/trade/list',
  tradeDetail: '/api/admin/v1/trade/detail',
  tradeResolve: '/api/admin/v1/trade/resolve',
  tradeMessageSend: '/api/admin/v1/trade/message-send',
  // interest wallet
  lixibaoList: '/api/admin/v1/lixibao/list',
  lixibaoCreate: '/api/admin/v1/lixibao/create',
  lixibaoUpdate: '/api/admin/v1/lixibao/update',
  // ---- customer service contacts ----
  kefuList: '/api/admin/v1/kefu/list',
  kefuCreate: '/api/admin/v1/kefu/create',
  kefuUpdate: '/api/admin/v1/kefu/update',
  // customers and operator management
  userList: '/api/admin/v1/user/list',
  userDetail: '/api/admin/v1/user/detail',
  userFreeze: '/api/admin/v1/user/freeze',
  userUnfreeze: '/api/admin/v1/user/unfreeze',
  userAdjust: '/api/admin/v1/user/adjust',
  operatorDisable: '/api/admin/v1/operator/disable',
  operatorEnable: '/api/admin/v1/operator/enable',
  operatorResetTotp: '/api/admin/v1/operator/reset-totp',
  changePassword: '/api/admin/v1/auth/change-password',
  // VIP levels and the dashboard
  vipGet: '/api/admin/v1/vip/get',
  vipSave: '/api/admin/v1/vip/save',
  userSetVip: '/api/admin/v1/user/set-vip',
  dashboardSummary: '/api/admin/v1/dashboard/summary',
  // proof of liabilities
  proofSnapshot: '/api/admin/v1/proof/snapshot',
  proofList: '/api/admin/v1/proof/list',
} as const;

/**
 * Response envelope of both APIs (DESIGN §2). A failed call answers `data` as `{}`, or as `FieldError` when a
 * request field failed its check, so a form can point at the field.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
/** `data` of an answer refused because of one request field: the field's name, as the request names it. */
export interface FieldError {
  field: string;
}
export const OK = 200;
export const SESSION_EXPIRED = -1;
/**
 * The catalogue's `totp_code_required` (a test keeps them equal): the sign-in page asks for the second factor on it,
 * without loading the whole catalogue into the first route.
 */
export const TOTP_NEEDED = 1500;

/**
 * Live updates on `/ws`. The client first sends `{ type: 'auth', token }`; the server answers `ready` or
 * `{ type: 'error', code: -1 }` and closes. Events name what changed so the app refetches it.
 */
export const WS_PATH = '/ws';
/**
 * `trade` (a trade changed, ref `trade:<id>`), `chat` (a message on a trade, ref `trade:<id>`), `listing` (a listing
 * changed), `interest` (an interest order was made or settled, ref `interest:<id>`).
 */
export type LiveTopic =
  | 'money'
  | 'recharge'
  | 'withdraw'
  | 'trade'
  | 'chat'
  | 'listing'
  | 'order'
  | 'profile'
  | 'saleu'
  | 'interest';
export type LiveClientMessage = { type: 'auth'; token: string } | { type: 'ping' };
export type LiveServerMessage =
  | { type: 'ready' }
  | { type: 'pong' }
  | { type: 'error'; code: number }
  | { type: 'event'; topic: LiveTopic; ref?: string };
