import type { Lang } from '@c2c/shared';

export type MoneyMail =
  | 'recharge_credited'
  | 'recharge_rejected'
  | 'withdraw_paid'
  | 'withdraw_rejected'
  | 'sale_paid'
  | 'sale_rejected';
type Texts = Record<Lang, { subject: string; body: string }>;

const T: Record<MoneyMail, Texts> = {
  recharge_credited: {
    en: {
      subject: '{app}: {amount} USDT credited',
      body: 'Your recharge of {amount} USDT ({network}) was checked and credited to your balance.\n\nThank you for using {app}.',
    },
    'zh-Hans': {
      subject: '{app}：{amount} USDT 已到账',
      body: '您的 {amount} USDT 充值（{network}）已审核通过并计入余额。\n\n感谢使用 {app}。',
    },
    'zh-Hant': {
      subject: '{app}：{amount} USDT 已入帳',
      body: '您的 {amount} USDT 儲值（{network}）已審核通過並計入餘額。\n\n感謝使用 {app}。',
    },
    de: {
      subject: '{app}: {amount} USDT gutgeschrieben',
      body: 'Ihre Aufladung über {amount} USDT ({network}) wurde geprüft und Ihrem Guthaben gutgeschrieben.\n\nDanke, dass Sie {app} nutzen.',
    },
    ja: {
      subject: '{app}：{amount} USDT が入金されました',
      body: '{amount} USDT（{network}）の入金が確認され、残高に反映されました。\n\n{app} をご利用いただきありがとうございます。',
    },
  },
  recharge_rejected: {
    en: {
      subject: '{app}: your recharge of {amount} USDT was rejected',
      body: 'Your recharge of {amount} USDT ({network}) was rejected.\nReason: {reason}\n\nIf you did send the money, contact customer service with the transaction hash.',
    },
    'zh-Hans': {
      subject: '{app}：您的 {amount} USDT 充值被驳回',
      body: '您的 {amount} USDT 充值（{network}）被驳回。\n原因：{reason}\n\n如果您确实已转账，请携带交易哈希联系客服。',
    },
    'zh-Hant': {
      subject: '{app}：您的 {amount} USDT 儲值被駁回',
      body: '您的 {amount} USDT 儲值（{network}）被駁回。\n原因：{reason}\n\n如果您確實已轉帳，請提供交易雜湊並聯絡客服。',
    },
    de: {
      subject: '{app}: Ihre Aufladung über {amount} USDT wurde abgelehnt',
      body: 'Ihre Aufladung über {amount} USDT ({network}) wurde abgelehnt.\nGrund: {reason}\n\nWenn Sie das Geld gesendet haben, wenden Sie sich mit dem Transaktions-Hash an den Kundendienst.',
    },
    ja: {
      subject: '{app}：{amount} USDT の入金申請が却下されました',
      body: '{amount} USDT（{network}）の入金申請は却下されました。\n理由：{reason}\n\n送金済みの場合は、トランザクションハッシュを添えてカスタマーサービスにお問い合わせください。',
    },
  },
  withdraw_paid: {
    en: {
      subject: '{app}: your withdrawal of {amount} USDT was paid',
      body: 'Your withdrawal of {amount} USDT to {account} was paid out.\nPayout reference: {reference}',
    },
    'zh-Hans': {
      subject: '{app}：您的 {amount} USDT 提现已打款',
      body: '您提现到 {account} 的 {amount} USDT 已打款。\n打款凭证号：{reference}',
    },
    'zh-Hant': {
      subject: '{app}：您的 {amount} USDT 提領已撥款',
      body: '您提領到 {account} 的 {amount} USDT 已撥款。\n撥款參考編號：{reference}',
    },
    de: {
      subject: '{app}: Ihre Auszahlung über {amount} USDT wurde ausgeführt',
      body: 'Ihre Auszahlung über {amount} USDT an {account} wurde ausgeführt.\nAuszahlungsreferenz: {reference}',
    },
    ja: {
      subject: '{app}：{amount} USDT の出金が完了しました',
      body: '{account} への {amount} USDT の出金が完了しました。\n送金参照番号：{reference}',
    },
  },
  withdraw_rejected: {
    en: {
      subject: '{app}: your withdrawal of {amount} USDT was rejected',
      body: 'Your withdrawal of {amount} USDT was rejected and the amount is back in your available balance.\nReason: {reason}',
    },
    'zh-Hans': {
      subject: '{app}：您的 {amount} USDT 提现被驳回',
      body: '您的 {amount} USDT 提现被驳回，金额已退回可用余额。\n原因：{reason}',
    },
    'zh-Hant': {
      subject: '{app}：您的 {amount} USDT 提領被駁回',
      body: '您的 {amount} USDT 提領被駁回，金額已退回可用餘額。\n原因：{reason}',
    },
    de: {
      subject: '{app}: Ihre Auszahlung über {amount} USDT wurde abgelehnt',
      body: 'Ihre Auszahlung über {amount} USDT wurde abgelehnt; der Betrag ist wieder in Ihrem verfügbaren Guthaben.\nGrund: {reason}',
    },
    ja: {
      subject: '{app}：{amount} USDT の出金が却下されました',
      body: '{amount} USDT の出金は却下され、金額は利用可能残高に戻りました。\n理由：{reason}',
    },
  },
  sale_paid: {
    en: {
      subject: '{app}: {merchant} paid for your {amount} USDT',
      body: 'Order {order}: {merchant} paid {fiat} {currency} for your {amount} USDT to {account}.\nPayment reference: {reference}',
    },
    'zh-Hans': {
      subject: '{app}：{merchant} 已为您出售的 {amount} USDT 付款',
      body: '订单 {order}：{merchant} 已向 {account} 支付 {fiat} {currency}，对应您出售的 {amount} USDT。\n付款凭证号：{reference}',
    },
    'zh-Hant': {
      subject: '{app}：{merchant} 已為您出售的 {amount} USDT 付款',
      body: '訂單 {order}：{merchant} 已向 {account} 支付 {fiat} {currency}，對應您出售的 {amount} USDT。\n付款參考編號：{reference}',
    },
    de: {
      subject: '{app}: {merchant} hat Ihre {amount} USDT bezahlt',
      body: 'Auftrag {order}: {merchant} hat {fiat} {currency} für Ihre {amount} USDT an {account} gezahlt.\nZahlungsreferenz: {reference}',
    },
    ja: {
      subject: '{app}：{merchant} が {amount} USDT の代金を支払いました',
      body: '注文 {order}：{merchant} が {amount} USDT の代金 {fiat} {currency} を {account} に支払いました。\n支払参照番号：{reference}',
    },
  },
  sale_rejected: {
    en: {
      subject: '{app}: your sale of {amount} USDT was rejected',
      body: 'Order {order}: your sale of {amount} USDT to {merchant} was rejected and the amount is back in your available balance.\nReason: {reason}',
    },
    'zh-Hans': {
      subject: '{app}：您出售 {amount} USDT 的订单被驳回',
      body: '订单 {order}：您向 {merchant} 出售 {amount} USDT 的订单被驳回，金额已退回可用余额。\n原因：{reason}',
    },
    'zh-Hant': {
      subject: '{app}：您出售 {amount} USDT 的訂單被駁回',
      body: '訂單 {order}：您向 {merchant} 出售 {amount} USDT 的訂單被駁回，金額已退回可用餘額。\n原因：{reason}',
    },
    de: {
      subject: '{app}: Ihr Verkauf über {amount} USDT wurde abgelehnt',
      body: 'Auftrag {order}: Ihr Verkauf über {amount} USDT an {merchant} wurde abgelehnt; der Betrag ist wieder in Ihrem verfügbaren Guthaben.\nGrund: {reason}',
    },
    ja: {
      subject: '{app}：{amount} USDT の売却が却下されました',
      body: '注文 {order}：{merchant} への {amount} USDT の売却は却下され、金額は利用可能残高に戻りました。\n理由：{reason}',
    },
  },
};

export function moneyMail(kind: MoneyMail, lang: Lang, params: Record<string, string>) {
  const t = T[kind][lang];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
  return { subject: fill(t.subject), text: fill(t.body) };
}
