import { useState, type FormEvent } from 'react';
import type { ModerationText } from '../../../core/schemas/staff-back-office-answers';
import { ApiError, staffSend } from '../lib/api';
import { t } from '../lib/i18n';
import { useMe } from '../lib/me';
import { useStaffData } from '../lib/use-data';
import { Problem } from '../components/notice';
import { siteOf } from '../lib/boot';

const problemOf = (e: unknown) => (e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));

/** Members' profile texts that match the brand's word list or that an open complaint names; then the list itself. */
export function ProfileTexts({ brand }: { brand: string }) {
  const list = useStaffData('/api/staff/moderation-texts.php', { brand });
  const [problem, setProblem] = useState<string | null>(null);

  const decide = async (text: ModerationText, decision: 'approve' | 'clear', field?: 'name' | 'about') => {
    // Clearing loses the member's words for good: asked once more, as expiring a code is.
    if (
      decision === 'clear' &&
      !confirm(t(field === 'about' ? 'texts.clear_about_confirm' : 'texts.clear_name_confirm', { name: text.name }))
    )
      return;
    setProblem(null);
    try {
      await staffSend('post', '/api/staff/moderation-texts.php', {
        brand,
        profile_id: text.profile_id,
        decision,
        field,
        name: text.name,
        about: text.about,
      });
    } catch (e) {
      setProblem(problemOf(e));
    }
    await list.reload();
  };

  return (
    <section aria-labelledby="texts-title" className="moderation-part">
      <h2 id="texts-title">{t('texts.title')}</h2>
      <Problem message={problem} />
      <Problem message={list.error?.message} />
      {list.data && list.data.texts.length === 0 && <p className="empty">{t('texts.empty')}</p>}
      {list.data?.texts.map((text) => (
        <article key={text.profile_id} className="card complaint" data-testid="flagged-text" aria-labelledby={`text-${text.profile_id}`}>
          <h3 id={`text-${text.profile_id}`}>
            <a href={`${siteOf(brand)}/members/${text.profile_id}`} target="_blank" rel="noreferrer">
              {text.name}
            </a>{' '}
            · #{text.profile_id}
          </h3>
          <p className="about">{text.about ?? '–'}</p>
          <p>
            <small>
              {text.words.length > 0 && t('texts.words', { words: text.words.join(', ') })}
              {text.words.length > 0 && text.complaints.length > 0 && ' · '}
              {text.complaints.length > 0 && t('texts.reported', { refs: text.complaints.map((id) => `C-${id}`).join(', ') })}
            </small>
          </p>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void decide(text, 'approve')}>
              {t('texts.approve')}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void decide(text, 'clear', 'about')}
              disabled={text.about === null}
            >
              {t('texts.clear_about')}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void decide(text, 'clear', 'name')}>
              {t('texts.clear_name')}
            </button>
          </div>
        </article>
      ))}
      <WordList brand={brand} onChanged={() => void list.reload()} />
    </section>
  );
}

/** The brand's word list: everyone in moderation reads it, admins add and remove words. */
function WordList({ brand, onChanged }: { brand: string; onChanged: () => void }) {
  const me = useMe();
  const isAdmin = me.roles.some((r) => (r.brand === brand && r.role === 'admin') || r.role === 'owner');
  const list = useStaffData('/api/staff/moderation-words.php', { brand });
  const [problem, setProblem] = useState<string | null>(null);

  const change = async (word: string, method: 'post' | 'delete') => {
    setProblem(null);
    try {
      const answer = await (method === 'post'
        ? staffSend('post', '/api/staff/moderation-words.php', { brand, word })
        : staffSend('delete', '/api/staff/moderation-words.php', { brand, word }));
      list.mutate(() => answer);
      onChanged();
    } catch (e) {
      setProblem(problemOf(e));
    }
  };
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('word') as HTMLInputElement;
    void change(input.value, 'post').then(() => {
      input.value = '';
    });
  };

  return (
    <details className="word-list">
      <summary>{t('texts.word_list', { n: list.data?.words.length ?? 0 })}</summary>
      <Problem message={problem} />
      <ul className="chips">
        {list.data?.words.map((w) => (
          <li key={w.word}>
            {w.word}
            {isAdmin && (
              <button
                type="button"
                className="btn-link"
                onClick={() => void change(w.word, 'delete')}
                aria-label={t('texts.remove_word', { word: w.word })}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {isAdmin && (
        <form className="row" onSubmit={add}>
          <label htmlFor="new-word">{t('texts.new_word')}</label>
          <input id="new-word" name="word" minLength={2} maxLength={60} required style={{ width: 'auto' }} />
          <button type="submit" className="btn btn-outline">
            {t('texts.add_word')}
          </button>
        </form>
      )}
    </details>
  );
}
