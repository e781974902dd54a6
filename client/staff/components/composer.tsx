import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { StaffConversation } from '../../../core/schemas/staff-answers';
import { t } from '../lib/i18n';
import { Thumb } from './photo';
import { Problem } from './notice';

interface Props {
  conversation: StaffConversation;
  /** False while someone else holds the conversation or the own claim has run out. */
  enabled: boolean;
  busy: boolean;
  problem: string | null;
  onSend: (message: { text: string } | { photo_id: number }) => Promise<boolean>;
}

/** Writes as the fictional profile: text, one of its photos, or the brand's honest disclosure in one click. */
export function Composer({ conversation, enabled, busy, problem, onSend }: Props) {
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState(false);
  const disabled = !enabled || busy;
  const { profile, brand } = conversation;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    if (await onSend({ text: text.trim() })) setText('');
  };
  // Enter sends, Shift+Enter makes a new line: the habit of every chat tool.
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <section className="card composer" aria-labelledby="composer-title">
      <h2 id="composer-title">{t('composer.title', { name: profile.name })}</h2>
      {conversation.asks_if_real && (
        <p className="alert alert-warning" role="note" data-testid="asks-if-real-warning">
          {t('composer.asks_if_real')}
        </p>
      )}
      <form onSubmit={submit}>
        <label htmlFor="composer-text">{t('composer.label')}</label>
        <textarea
          id="composer-text"
          data-testid="staff-composer"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={keyDown}
          rows={3}
          maxLength={2000}
          disabled={!enabled}
          aria-describedby={problem ? 'composer-error' : undefined}
        />
        <Problem message={problem} id="composer-error" />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={disabled || !text.trim()}>
            {t('composer.send')}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={disabled}
            onClick={() => void onSend({ text: conversation.disclosure_text })}
            data-testid="send-disclosure"
          >
            {t('composer.disclosure')}
          </button>
          {profile.photos.length > 0 && (
            <button
              type="button"
              className="btn btn-outline"
              aria-expanded={photos}
              aria-controls="composer-photos"
              onClick={() => setPhotos(!photos)}
            >
              {t('composer.photo')}
            </button>
          )}
        </div>
        {photos && (
          <ul id="composer-photos" className="photos pick" aria-label={t('composer.photo_pick')}>
            {profile.photos.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => void onSend({ photo_id: p.id }).then((ok) => ok && setPhotos(false))}
                  aria-label={t('composer.photo_send', { n: i + 1 })}
                >
                  <Thumb brand={brand} image={p} alt="" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </form>
    </section>
  );
}
