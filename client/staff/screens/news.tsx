import { useEffect, useRef, useState, type FormEvent } from 'react';
import { paragraphsOf, newsPushBody } from '../../../core/rules/news';
import { NewsPostSchema, type NewsPostRow } from '../../../core/schemas/news';
import { BrandFilter, useDefaultBrand } from '../components/brand-filter';
import { Field } from '../components/field';
import { Loading, Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';
import { ApiError, staffSend } from '../lib/api';
import { validate } from '../lib/form';
import { formatCount, formatDateTime, t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';

/** A fresh id per form: the same form sent twice (a double click, a retry) goes out once. */
const newRequestId = () => crypto.randomUUID();

/**
 * Back office (admins): the brand's news to the members who chose it. Shows how many members it reaches by e-mail
 * and by push (the server counts with the sending's own conditions), a preview of the mail and the push as they will
 * look, and after sending what was queued; the table below follows each post until every batch went out.
 */
export function NewsScreen() {
  const [brand, setBrand] = useState(useDefaultBrand());
  const overview = useStaffData('/api/staff/news.php', { brand });
  const queued = overview.data?.posts.some((p) => p.status === 'queued') ?? false;
  const reload = useRef(overview.reload);
  reload.current = overview.reload;
  // While a post is on the queue, its counts grow: look again every few seconds until it is through.
  useEffect(() => {
    if (!queued) return;
    const timer = setInterval(() => void reload.current(), 3000);
    return () => clearInterval(timer);
  }, [queued]);

  return (
    <section aria-labelledby="news-title">
      <div className="screen-head">
        <h1 id="news-title">{t('news.title')}</h1>
        <BrandFilter value={brand} onChange={setBrand} allowAll={false} />
      </div>
      <p>{t('news.intro')}</p>
      <Problem message={overview.error?.message} />
      {!overview.data && !overview.error && <Loading />}
      {overview.data && (
        <>
          <p className="card" data-testid="news-audience">
            {t('news.audience', { mails: formatCount(overview.data.audience.mails), pushes: formatCount(overview.data.audience.pushes) })}
          </p>
          <NewsForm key={brand} brand={brand} audience={overview.data.audience} onSent={() => void overview.reload()} />
          <NewsPosts posts={overview.data.posts} />
        </>
      )}
    </section>
  );
}

/** Subject and text, their preview, and the send button with its confirmation; the answer says what was queued. */
function NewsForm({ brand, audience, onSent }: { brand: string; audience: { mails: number; pushes: number }; onSent: () => void }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(NewsPostSchema, { brand, subject, body, request_id: requestId });
    if (!checked.ok) return setFields(checked.fields);
    setFields({});
    if (!confirm(t('news.confirm', { mails: formatCount(audience.mails), pushes: formatCount(audience.pushes) }))) return;
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      const answer = await staffSend('post', '/api/staff/news.php', checked.value);
      setResult(
        t(answer.status === 'sent' ? 'news.result_sent' : 'news.result_queued', {
          mails: formatCount(answer.mails),
          pushes: formatCount(answer.pushes),
        }),
      );
      setSubject('');
      setBody('');
      setRequestId(newRequestId());
      onSent();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="card news-form" noValidate aria-labelledby="news-form-title" data-testid="news-form">
      <h2 id="news-form-title">{t('news.new')}</h2>
      <Problem message={problem} />
      {result && (
        <p role="status" className="alert alert-success" data-testid="news-result">
          {result}
        </p>
      )}
      <Field
        label={t('news.subject')}
        name="subject"
        required
        maxLength={120}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        hint={t('news.subject_hint')}
        error={fields.subject}
      />
      <div className="field">
        <label htmlFor="f-news-body">{t('news.body')}</label>
        <textarea
          id="f-news-body"
          name="body"
          rows={8}
          maxLength={5000}
          required
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={fields.body ? true : undefined}
          aria-describedby={fields.body ? 'f-news-body-hint f-news-body-error' : 'f-news-body-hint'}
        />
        <small id="f-news-body-hint">{t('news.body_hint')}</small>
        {fields.body && (
          <small id="f-news-body-error" className="error">
            {fields.body}
          </small>
        )}
      </div>
      <NewsPreview subject={subject} body={body} />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy || audience.mails + audience.pushes === 0}>
          {t('news.send', { n: formatCount(audience.mails + audience.pushes) })}
        </button>
      </div>
    </form>
  );
}

/** The mail's subject and text with its paragraphs, and the push's title and shortened text, as members will see them. */
function NewsPreview({ subject, body }: { subject: string; body: string }) {
  // Positions are the only identity a paragraph or line of a text being typed has.
  const paragraphs = paragraphsOf(body).map((lines, p) => ({
    id: `p${p}`,
    lines: lines.map((line, l) => ({ id: `l${l}`, line, first: l === 0 })),
  }));
  return (
    <section className="news-preview" aria-labelledby="news-preview-title" data-testid="news-preview">
      <h3 id="news-preview-title">{t('news.preview')}</h3>
      <div className="grid">
        <figure className="card" data-testid="news-preview-mail">
          <figcaption>{t('news.preview_mail')}</figcaption>
          <strong>{subject || t('news.preview_empty_subject')}</strong>
          {paragraphs.map((paragraph) => (
            <p key={paragraph.id}>
              {paragraph.lines.map(({ id, line, first }) => (
                <span key={id}>
                  {!first && <br />}
                  {line}
                </span>
              ))}
            </p>
          ))}
        </figure>
        <figure className="card" data-testid="news-preview-push">
          <figcaption>{t('news.preview_push')}</figcaption>
          <strong>{subject || t('news.preview_empty_subject')}</strong>
          <p>{newsPushBody(body)}</p>
        </figure>
      </div>
    </section>
  );
}

/** The brand's latest posts: when, who, and what went out of what was queued, by e-mail and by push. */
function NewsPosts({ posts }: { posts: NewsPostRow[] }) {
  if (posts.length === 0) return <p className="empty">{t('news.empty')}</p>;
  return (
    <TableWrap>
      <table data-testid="news-posts">
        <caption>{t('news.posts')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('news.when')}</th>
            <th scope="col">{t('news.subject')}</th>
            <th scope="col">{t('news.by')}</th>
            <th scope="col">{t('news.state')}</th>
            <th scope="col">{t('news.mails')}</th>
            <th scope="col">{t('news.pushes')}</th>
          </tr>
        </thead>
        <tbody>
          {posts.map((p) => (
            <tr key={p.id}>
              <td>
                <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
              </td>
              <th scope="row">{p.subject}</th>
              <td>{p.staff_name ?? '–'}</td>
              <td>{t(p.status === 'sent' ? 'news.state_sent' : 'news.state_queued')}</td>
              <td>{t('news.of', { done: formatCount(p.mails), total: formatCount(p.queued_mails) })}</td>
              <td>{t('news.of', { done: formatCount(p.pushes), total: formatCount(p.queued_pushes) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
