import { useQuery } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeText } from '../../components/time-text';
import { errorText } from '../../lib/error-text';
import { queryKeys } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { showToast } from '../../lib/toast';
import { type ChatMessage, listMessages, sendMessage, tradeKeys } from '../../lib/trade';
import { uploadImage } from '../../lib/upload';
import { useGuardedAction } from '../../lib/use-guarded-action';
import { UploadImage } from './upload-image';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * A trade's chat, oldest first. The first read loads all of it; every later one (a live `chat` event, a send) asks
 * only for messages after the last one held. Reading marks them read, so the Orders badge is refetched.
 */
function useChat(id: number) {
  const key = tradeKeys.messages(id);
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const held = queryClient.getQueryData<ChatMessage[]>(key) ?? [];
      const { list } = await listMessages(id, held.at(-1)?.id);
      if (list.length > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.tradeUnread });
      const known = new Set(held.map((m) => m.id));
      return [...held, ...list.filter((m) => !known.has(m.id))];
    },
  });
}

export function ChatPanel({ id, me, canWrite }: { id: number; me: 'buyer' | 'seller'; canWrite: boolean }) {
  const { t } = useTranslation();
  const chat = useChat(id);
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const messages = chat.data ?? [];

  // The newest message is shown by scrolling the list itself: scrolling it into view would move the page past the
  // trade's status, amount and countdown.
  useEffect(() => {
    const list = listRef.current;
    if (list && messages.length > 0) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const refetch = () => queryClient.invalidateQueries({ queryKey: tradeKeys.messages(id) });

  const send = useGuardedAction(async () => {
    const body = text.trim();
    if (!body) return;
    await sendMessage(id, { text: body });
    setText('');
    await refetch();
  });

  const sendImage = async (picked: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!picked) return;
    if (!ACCEPTED_TYPES.includes(picked.type)) return showToast(await errorText('upload_type'));
    if (picked.size > MAX_BYTES) return showToast(await errorText('upload_too_large'));
    const stored = await uploadImage(picked);
    await sendMessage(id, { image: stored.url });
    await refetch();
  };

  const sender = (m: ChatMessage) =>
    m.from === 'operator' ? t('trade.chat.operator') : m.from === me ? t('trade.chat.me') : t('trade.chat.them');

  return (
    <section className="card chat-panel" aria-label={t('trade.chat.title')}>
      <h2 className="card-title padded">{t('trade.chat.title')}</h2>
      <ol className="chat-messages" ref={listRef}>
        {messages.length === 0 && <li className="muted chat-empty">{t('trade.chat.empty')}</li>}
        {messages.map((m) => (
          <li
            key={m.id}
            className={`chat-message ${m.from === 'operator' ? 'chat-operator' : m.from === me ? 'chat-mine' : 'chat-theirs'}`}
          >
            <span className="chat-sender">{sender(m)}</span>
            {m.text && <p className="chat-text">{m.text}</p>}
            {m.image && <UploadImage path={m.image} alt={t('trade.chat.image')} />}
            <span className="chat-time">
              <TimeText value={m.created_at} />
            </span>
          </li>
        ))}
      </ol>
      {canWrite && (
        <div className="chat-compose">
          <Button
            fill="none"
            size="small"
            aria-label={t('trade.chat.sendImage')}
            onClick={() => file.current?.click()}
            className="chat-image-button"
          >
            <PictureOutline />
          </Button>
          <input
            ref={file}
            type="file"
            hidden
            accept={ACCEPTED_TYPES.join(',')}
            data-testid="chat-file"
            onChange={(e) => void sendImage(e.target.files?.[0]).catch(() => undefined)}
          />
          <Input
            value={text}
            onChange={setText}
            maxLength={500}
            placeholder={t('trade.chat.placeholder')}
            onEnterPress={() => void send.run()}
          />
          <Button color="primary" size="small" shape="rounded" loading={send.loading} onClick={send.run} disabled={!text.trim()}>
            {t('trade.chat.send')}
          </Button>
        </div>
      )}
    </section>
  );
}
