import { API, KEFU_LINK_RE, type KefuChannel } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import {
  ChatCheckOutline,
  ClockCircleOutline,
  GlobalOutline,
  LinkOutline,
  MailOutline,
  MessageOutline,
  PhoneFill,
  SendOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { api } from '../../lib/api';
import type { TKey } from '../../lib/i18n-keys';
import { usePublicConfig } from '../../lib/queries';
import './help.css';

const CHANNELS: Record<KefuChannel, { icon: ReactNode; label: TKey }> = {
  telegram: { icon: <SendOutline />, label: 'service.channel.telegram' },
  whatsapp: { icon: <PhoneFill />, label: 'service.channel.whatsapp' },
  email: { icon: <MailOutline />, label: 'service.channel.email' },
  web: { icon: <GlobalOutline />, label: 'service.channel.web' },
  line: { icon: <ChatCheckOutline />, label: 'service.channel.line' },
  other: { icon: <LinkOutline />, label: 'service.channel.other' },
};

/** Opens a contact's link in a new tab (mailto: and tg: hand over to the mail or Telegram app). */
const open = (link: string) => void window.open(link, '_blank', 'noopener,noreferrer');

export function ServicePage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const contacts = useQuery({ queryKey: ['team', 'kefu-list'], queryFn: () => api(API.kefuList, {}, { catch: true }) });
  if (contacts.isPending || config.isPending) return <PageLoading />;
  if (contacts.isError) return <QueryError onRetry={() => void contacts.refetch()} />;
  // the server takes only http(s), mailto: and tg: links; the app opens nothing else either
  const list = contacts.data.list.filter((c) => KEFU_LINK_RE.test(c.link));
  const fallback = config.data?.kf_url ?? '';
  if (list.length === 0 && !fallback) return <EmptyState text={t('service.empty')} />;
  return (
    <div className="page-body">
      <section className="card service-card">
        <MessageOutline className="service-icon" />
        <h2>{t('service.title')}</h2>
        <p className="muted">{t('service.text')}</p>
        {list.length === 0 && (
          <>
            <a href={fallback} target="_blank" rel="noopener noreferrer" className="service-link">
              {fallback}
            </a>
            <Button color="primary" shape="rounded" block onClick={() => open(fallback)}>
              {t('service.open')}
            </Button>
          </>
        )}
      </section>
      {list.length > 0 && (
        <ul className="card kefu-list" aria-label={t('service.contacts')}>
          {list.map((c) => (
            <li key={c.id} className="kefu-contact">
              <span className="kefu-icon" aria-hidden>
                {(CHANNELS[c.channel] ?? CHANNELS.other).icon}
              </span>
              <div className="kefu-body">
                <strong>{c.name}</strong>
                <span className="muted">{t((CHANNELS[c.channel] ?? CHANNELS.other).label)}</span>
                {c.hours && (
                  <span className="muted kefu-hours">
                    <ClockCircleOutline /> {c.hours}
                  </span>
                )}
              </div>
              <a className="kefu-open" href={c.link} target="_blank" rel="noopener noreferrer">
                {t('service.contact')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
