import type { Lang } from '@c2c/shared';

export type MoneyMail =
  | 'recharge_credited'
  | 'recharge_rejected'
  | 'withdraw_paid'
  | 'withdraw_rejected'
  | 'sale_paid'
  | 'sale_rejected'
  | 'trade_paid'
  | 'trade_released'
  | 'trade_resolved_release'
  | 'trade_refunded'
  | 'trade_refund_buyer'
  | 'trade_disputed'
  | 'trade_overdue'
  | 'trade_expired'
  | 'interest_settled';
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
  trade_paid: {
    en: {
      subject: '{app}: the buyer paid for order {order}',
      body: 'Order {order}: the buyer says {fiat} {currency} for {amount} USDT were sent to {account} with the reference {reference}.\nCheck that the money arrived, then release the USDT in the app. If it does not arrive, open a dispute.',
    },
    'zh-Hans': {
      subject: '{app}：订单 {order} 买家已付款',
      body: '订单 {order}：买家表示已向 {account} 转账 {fiat} {currency}（对应 {amount} USDT），付款备注 {reference}。\n请确认款项到账后在应用中放币；如未收到款项，请发起申诉。',
    },
    'zh-Hant': {
      subject: '{app}：訂單 {order} 買家已付款',
      body: '訂單 {order}：買家表示已向 {account} 轉帳 {fiat} {currency}（對應 {amount} USDT），付款備註 {reference}。\n請確認款項到帳後在應用程式中放幣；如未收到款項，請提出申訴。',
    },
    de: {
      subject: '{app}: Der Käufer hat Auftrag {order} bezahlt',
      body: 'Auftrag {order}: Der Käufer gibt an, {fiat} {currency} für {amount} USDT mit dem Verwendungszweck {reference} an {account} überwiesen zu haben.\nPrüfen Sie den Zahlungseingang und geben Sie die USDT dann in der App frei. Kommt das Geld nicht an, eröffnen Sie einen Einspruch.',
    },
    ja: {
      subject: '{app}：注文 {order} の買い手が支払いました',
      body: '注文 {order}：買い手は {amount} USDT の代金 {fiat} {currency} を、振込メモ {reference} で {account} に送金したとしています。\n入金を確認してから、アプリで USDT をリリースしてください。入金がない場合は異議を申し立ててください。',
    },
  },
  trade_released: {
    en: {
      subject: '{app}: {amount} USDT received',
      body: 'Order {order}: {amount} USDT were released to your available balance.',
    },
    'zh-Hans': {
      subject: '{app}：已收到 {amount} USDT',
      body: '订单 {order}：{amount} USDT 已放币至您的可用余额。',
    },
    'zh-Hant': {
      subject: '{app}：已收到 {amount} USDT',
      body: '訂單 {order}：{amount} USDT 已放幣至您的可用餘額。',
    },
    de: {
      subject: '{app}: {amount} USDT erhalten',
      body: 'Auftrag {order}: {amount} USDT wurden Ihrem verfügbaren Guthaben gutgeschrieben.',
    },
    ja: {
      subject: '{app}：{amount} USDT を受け取りました',
      body: '注文 {order}：{amount} USDT が利用可能残高にリリースされました。',
    },
  },
  trade_resolved_release: {
    en: {
      subject: '{app}: the dispute on order {order} was decided for the buyer',
      body: 'Order {order}: an operator decided the dispute for the buyer; the {amount} USDT were released to the buyer.\nNote: {note}',
    },
    'zh-Hans': {
      subject: '{app}：订单 {order} 的申诉已判给买家',
      body: '订单 {order}：客服已将申诉判给买家，{amount} USDT 已放给买家。\n说明：{note}',
    },
    'zh-Hant': {
      subject: '{app}：訂單 {order} 的申訴已判給買家',
      body: '訂單 {order}：客服已將申訴判給買家，{amount} USDT 已放給買家。\n說明：{note}',
    },
    de: {
      subject: '{app}: Der Einspruch zu Auftrag {order} wurde zugunsten des Käufers entschieden',
      body: 'Auftrag {order}: Ein Mitarbeiter hat den Einspruch zugunsten des Käufers entschieden; die {amount} USDT wurden an den Käufer freigegeben.\nHinweis: {note}',
    },
    ja: {
      subject: '{app}：注文 {order} の異議は買い手側で決定しました',
      body: '注文 {order}：担当者が異議を買い手側で決定し、{amount} USDT は買い手にリリースされました。\n備考：{note}',
    },
  },
  trade_refunded: {
    en: {
      subject: '{app}: the dispute on order {order} was decided for you',
      body: 'Order {order}: an operator decided the dispute for you; the {amount} USDT are back in your available balance.\nNote: {note}',
    },
    'zh-Hans': {
      subject: '{app}：订单 {order} 的申诉已判给您',
      body: '订单 {order}：客服已将申诉判给您，{amount} USDT 已退回您的可用余额。\n说明：{note}',
    },
    'zh-Hant': {
      subject: '{app}：訂單 {order} 的申訴已判給您',
      body: '訂單 {order}：客服已將申訴判給您，{amount} USDT 已退回您的可用餘額。\n說明：{note}',
    },
    de: {
      subject: '{app}: Der Einspruch zu Auftrag {order} wurde zu Ihren Gunsten entschieden',
      body: 'Auftrag {order}: Ein Mitarbeiter hat den Einspruch zu Ihren Gunsten entschieden; die {amount} USDT sind wieder in Ihrem verfügbaren Guthaben.\nHinweis: {note}',
    },
    ja: {
      subject: '{app}：注文 {order} の異議はあなた側で決定しました',
      body: '注文 {order}：担当者が異議をあなた側で決定し、{amount} USDT は利用可能残高に戻りました。\n備考：{note}',
    },
  },
  trade_refund_buyer: {
    en: {
      subject: '{app}: the dispute on order {order} was decided for the seller',
      body: 'Order {order}: an operator decided the dispute for the seller; the trade is cancelled and the {amount} USDT stay with the seller.\nNote: {note}',
    },
    'zh-Hans': {
      subject: '{app}：订单 {order} 的申诉已判给卖家',
      body: '订单 {order}：客服已将申诉判给卖家，交易已取消，{amount} USDT 退回卖家。\n说明：{note}',
    },
    'zh-Hant': {
      subject: '{app}：訂單 {order} 的申訴已判給賣家',
      body: '訂單 {order}：客服已將申訴判給賣家，交易已取消，{amount} USDT 退回賣家。\n說明：{note}',
    },
    de: {
      subject: '{app}: Der Einspruch zu Auftrag {order} wurde zugunsten des Verkäufers entschieden',
      body: 'Auftrag {order}: Ein Mitarbeiter hat den Einspruch zugunsten des Verkäufers entschieden; der Trade ist storniert und die {amount} USDT bleiben beim Verkäufer.\nHinweis: {note}',
    },
    ja: {
      subject: '{app}：注文 {order} の異議は売り手側で決定しました',
      body: '注文 {order}：担当者が異議を売り手側で決定しました。取引はキャンセルされ、{amount} USDT は売り手に戻ります。\n備考：{note}',
    },
  },
  trade_disputed: {
    en: {
      subject: '{app}: order {order} is in dispute',
      body: 'Order {order} ({amount} USDT) is in dispute.\nReason: {reason}\n\nAn operator will look at the trade and its chat and decide it; the USDT stay in escrow until then.',
    },
    'zh-Hans': {
      subject: '{app}：订单 {order} 已进入申诉',
      body: '订单 {order}（{amount} USDT）已进入申诉。\n原因：{reason}\n\n客服将查看交易及聊天记录后作出裁决，在此之前 USDT 仍由平台托管。',
    },
    'zh-Hant': {
      subject: '{app}：訂單 {order} 已進入申訴',
      body: '訂單 {order}（{amount} USDT）已進入申訴。\n原因：{reason}\n\n客服將查看交易及聊天紀錄後作出裁決，在此之前 USDT 仍由平台託管。',
    },
    de: {
      subject: '{app}: Einspruch zu Auftrag {order}',
      body: 'Zu Auftrag {order} ({amount} USDT) wurde Einspruch erhoben.\nGrund: {reason}\n\nEin Mitarbeiter prüft den Trade und seinen Chat und entscheidet; bis dahin bleiben die USDT in Treuhand.',
    },
    ja: {
      subject: '{app}：注文 {order} に異議が申し立てられました',
      body: '注文 {order}（{amount} USDT）に異議が申し立てられました。\n理由：{reason}\n\n担当者が取引とチャットを確認して判断します。それまで USDT はエスクローに保管されます。',
    },
  },
  trade_overdue: {
    en: {
      subject: '{app}: order {order} is in dispute',
      body: 'Order {order} ({amount} USDT): the seller did not release the USDT within 24 hours of the payment, so the trade is now in dispute.\n\nAn operator will look at the trade and its chat and decide it; the USDT stay in escrow until then.',
    },
    'zh-Hans': {
      subject: '{app}：订单 {order} 已进入申诉',
      body: '订单 {order}（{amount} USDT）：卖家在买家付款后24小时内未放币，交易已自动进入申诉。\n\n客服将查看交易及聊天记录后作出裁决，在此之前 USDT 仍由平台托管。',
    },
    'zh-Hant': {
      subject: '{app}：訂單 {order} 已進入申訴',
      body: '訂單 {order}（{amount} USDT）：賣家在買家付款後24小時內未放幣，交易已自動進入申訴。\n\n客服將查看交易及聊天紀錄後作出裁決，在此之前 USDT 仍由平台託管。',
    },
    de: {
      subject: '{app}: Einspruch zu Auftrag {order}',
      body: 'Auftrag {order} ({amount} USDT): Der Verkäufer hat die USDT nicht innerhalb von 24 Stunden nach der Zahlung freigegeben; der Trade ist deshalb jetzt im Einspruch.\n\nEin Mitarbeiter prüft den Trade und seinen Chat und entscheidet; bis dahin bleiben die USDT in Treuhand.',
    },
    ja: {
      subject: '{app}：注文 {order} に異議が申し立てられました',
      body: '注文 {order}（{amount} USDT）：売り手が支払いから24時間以内に USDT をリリースしなかったため、取引は異議申し立て中になりました。\n\n担当者が取引とチャットを確認して判断します。それまで USDT はエスクローに保管されます。',
    },
  },
  trade_expired: {
    en: {
      subject: '{app}: order {order} expired',
      body: 'Order {order} ({amount} USDT) was not paid within the payment window and is cancelled. No money was moved.',
    },
    'zh-Hans': {
      subject: '{app}：订单 {order} 已超时',
      body: '订单 {order}（{amount} USDT）未在付款时限内付款，已自动取消，资金未发生变动。',
    },
    'zh-Hant': {
      subject: '{app}：訂單 {order} 已逾時',
      body: '訂單 {order}（{amount} USDT）未在付款時限內付款，已自動取消，資金未發生變動。',
    },
    de: {
      subject: '{app}: Auftrag {order} ist abgelaufen',
      body: 'Auftrag {order} ({amount} USDT) wurde nicht innerhalb der Zahlungsfrist bezahlt und ist storniert. Es wurde kein Geld bewegt.',
    },
    ja: {
      subject: '{app}：注文 {order} は期限切れになりました',
      body: '注文 {order}（{amount} USDT）は支払期限内に支払われなかったため、キャンセルされました。資金の移動はありません。',
    },
  },
  interest_settled: {
    en: {
      subject: '{app}: your interest order {order} paid {total} USDT',
      body: 'Your interest order {order} ({product}, {days} days) has ended: the principal of {amount} USDT and the interest of {interest} USDT, {total} USDT in all, are back in your balance.',
    },
    'zh-Hans': {
      subject: '{app}：您的利息订单 {order} 已到期，{total} USDT 已到账',
      body: '您的利息订单 {order}（{product}，{days} 天）已到期：本金 {amount} USDT 与利息 {interest} USDT，共 {total} USDT，已返还至您的余额。',
    },
    'zh-Hant': {
      subject: '{app}：您的利息訂單 {order} 已到期，{total} USDT 已入帳',
      body: '您的利息訂單 {order}（{product}，{days} 天）已到期：本金 {amount} USDT 與利息 {interest} USDT，共 {total} USDT，已返還至您的餘額。',
    },
    de: {
      subject: '{app}: Ihr Zinsauftrag {order} hat {total} USDT ausgezahlt',
      body: 'Ihr Zinsauftrag {order} ({product}, {days} Tage) ist abgelaufen: Der Anlagebetrag von {amount} USDT und die Zinsen von {interest} USDT, zusammen {total} USDT, sind wieder in Ihrem Guthaben.',
    },
    ja: {
      subject: '{app}：利息注文 {order} が満期となり {total} USDT が入金されました',
      body: '利息注文 {order}（{product}、{days} 日）が満期になりました。元本 {amount} USDT と利息 {interest} USDT、合計 {total} USDT が残高に戻りました。',
    },
  },
};

export function moneyMail(kind: MoneyMail, lang: Lang, params: Record<string, string>) {
  const t = T[kind][lang];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
  return { subject: fill(t.subject), text: fill(t.body) };
}
