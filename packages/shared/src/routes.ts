/** The customer app's hash routes, exactly as the product specification names them. */
export const ROUTES = {
  home: '/',
  homeIndex: '/pages/index/index',
  hall: '/pages/dating/dating',
  orders: '/pages/orders/orders',
  mine: '/pages/mine/mine',
  login: '/pages/login/login',
  register: '/pages/login/register',
  forget: '/pages/login/forget',
  personalInfo: '/pages/mine/personal-info',
  recharge: '/pages/mine/rechange',
  wallet: '/pages/mine/wallet',
  property: '/pages/mine/property',
  binding: '/pages/mine/binding',
  withdraw: '/pages/mine/withdrawl',
  records: '/pages/mine/records',
  team: '/pages/mine/team',
  promotion: '/pages/mine/promotion',
  assetLog: '/pages/mine/asset-log',
  beginner: '/pages/index/beginner',
  service: '/pages/index/service',
  cardWithdrawal: '/pages/mine/cardWithdrawal',
  /** one trade between customers: `?id=` */
  trade: '/pages/orders/trade',
  /** the form posting a sell listing */
  listingCreate: '/pages/dating/listing',
  /** proof of liabilities: the customer's path verified in the browser */
  proof: '/pages/mine/proof',
  /** turning two-factor authentication on and off */
  securityTwoFactor: '/pages/mine/security/two-factor',
  /** security hub: two-factor, devices, anti-phishing phrase */
  security: '/pages/mine/security',
  securityDevices: '/pages/mine/security/devices',
  securityAntiPhishing: '/pages/mine/security/anti-phishing',
  /** the "end this session" link of a new-device mail: `?token=`; opened signed out */
  endSession: '/pages/login/end-session',
} as const;

/** Routes a visitor without a session may open; every other route sends them to login. */
export const PUBLIC_ROUTES: readonly string[] = [ROUTES.login, ROUTES.register, ROUTES.forget, ROUTES.endSession];

export const TAB_ROUTES = [ROUTES.home, ROUTES.hall, ROUTES.orders, ROUTES.mine] as const;
