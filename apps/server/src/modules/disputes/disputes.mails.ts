import type { Lang, TradeOutcome } from '@c2c/shared';
import type { Side } from '../chat/chat.service.js';

type Texts = Record<Lang, { subject: string; body: Record<`${Side}_${TradeOutcome}`, string>; note: string }>;

/** "Dispute resolved", to each side in its language: what the decision means for that side, and the operator's note. */
const T: Texts = {
  en: {
    subject: '{app}: the dispute on trade {order} was decided',
    body: {
      buyer_release:
        'The dispute on trade {order} was decided in your favour: the {amount} USDT were released to your available balance.',
      buyer_refund: 'The dispute on trade {order} was decided: the {amount} USDT went back to the seller.',
      seller_release: 'The dispute on trade {order} was decided: the {amount} USDT were released to the buyer.',
      seller_refund:
        'The dispute on trade {order} was decided in your favour: the {amount} USDT are back in your available balance.',
    },
    note: "Operator's note: {note}",
  },
  'zh-Hans': {
    subject: '{app}：交易 {order} 的申诉已处理',
    body: {
      buyer_release: '交易 {order} 的申诉已裁定：{amount} USDT 已放行至您的可用余额。',
      buyer_refund: '交易 {order} 的申诉已裁定：{amount} USDT 已退回卖家。',
      seller_release: '交易 {order} 的申诉已裁定：{amount} USDT 已放行给买家。',
      seller_refund: '交易 {order} 的申诉已裁定：{amount} USDT 已退回您的可用余额。',
    },
    note: '客服备注：{note}',
  },
  'zh-Hant': {
    subject: '{app}：交易 {order} 的申訴已處理',
    body: {
      buyer_release: '交易 {order} 的申訴已裁定：{amount} USDT 已放行至您的可用餘額。',
      buyer_refund: '交易 {order} 的申訴已裁定：{amount} USDT 已退回賣家。',
      seller_release: '交易 {order} 的申訴已裁定：{amount} USDT 已放行給買家。',
      seller_refund: '交易 {order} 的申訴已裁定：{amount} USDT 已退回您的可用餘額。',
    },
    note: '客服備註：{note}',
  },
  de: {
    subject: '{app}: Der Streitfall zum Handel {order} wurde entschieden',
    body: {
      buyer_release:
        'Der Streitfall zum Handel {order} wurde zu Ihren Gunsten entschieden: Die {amount} USDT wurden Ihrem verfügbaren Guthaben gutgeschrieben.',
      buyer_refund: 'Der Streitfall zum Handel {order} wurde entschieden: Die {amount} USDT gingen an den Verkäufer zurück.',
      seller_release: 'Der Streitfall zum Handel {order} wurde entschieden: Die {amount} USDT wurden an den Käufer freigegeben.',
      seller_refund:
        'Der Streitfall zum Handel {order} wurde zu Ihren Gunsten entschieden: Die {amount} USDT sind wieder in Ihrem verfügbaren Guthaben.',
    },
    note: 'Anmerkung des Supports: {note}',
  },
  ja: {
    subject: '{app}：取引 {order} の申し立てについて判断が下されました',
    body: {
      buyer_release: '取引 {order} の申し立ては解決しました。{amount} USDT があなたの利用可能残高に付与されました。',
      buyer_refund: '取引 {order} の申し立ては解決しました。{amount} USDT は売り手に返還されました。',
      seller_release: '取引 {order} の申し立ては解決しました。{amount} USDT は買い手に付与されました。',
      seller_refund: '取引 {order} の申し立ては解決しました。{amount} USDT があなたの利用可能残高に戻りました。',
    },
    note: 'オペレーターからのコメント：{note}',
  },
};

export function disputeResolvedMail(
  lang: Lang,
  side: Side,
  outcome: TradeOutcome,
  params: { app: string; order: string; amount: string; note: string },
) {
  const t = T[lang];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: keyof typeof params) => params[k] ?? '');
  return { subject: fill(t.subject), text: `${fill(t.body[`${side}_${outcome}`])}\n\n${fill(t.note)}` };
}
