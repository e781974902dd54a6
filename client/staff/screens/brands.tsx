import { useEffect, useState, type FormEvent } from 'react';
import type { BrandDetail } from '../../../core/schemas/brands';
import { Field } from '../components/field';
import { Loading, Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';
import { ApiError, staffSend } from '../lib/api';
import { formatDateTime, t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { BrandHosts } from './brand-hosts';

// Brands made in the workspace (issue 48 items 3-5, owners): the list, a form for the common settings over a JSON
// editor for the rest (the server validates the whole with the tenant files' schema and names each refused field),
// versions with go-live and rollback, hosts with their status, and the preview link.

/** The structured fields: label key, path in the settings object, how the input's text becomes a value. */
const FIELDS = [
  ['name', ['settings', 'name'], 'text'],
  ['logo_text', ['look', 'logo_text'], 'text'],
  ['primary', ['look', 'colors', 'primary'], 'colour'],
  ['secondary', ['look', 'colors', 'secondary'], 'colour'],
  ['countries', ['settings', 'countries'], 'list'],
  ['languages', ['languages'], 'list'],
  ['message_credits', ['settings', 'message_credits'], 'number'],
  ['signup_credits', ['settings', 'signup_credits'], 'number'],
] as const;
type FieldName = (typeof FIELDS)[number][0];

function read(settings: Record<string, unknown>, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), settings);
}

function write(settings: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = settings;
  for (const key of path.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]] = value;
}

const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value));

function parseInput(kind: 'text' | 'colour' | 'list' | 'number', text: string): unknown {
  if (kind === 'list') return text.split(/[\s,]+/).filter(Boolean);
  if (kind === 'number') return text.trim() === '' ? undefined : Number(text);
  return text.trim();
}

function BrandForm({ brand, onSaved }: { brand: BrandDetail | null; onSaved: (b: BrandDetail) => void }) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [json, setJson] = useState(JSON.stringify(brand?.settings ?? {}, null, 2));
  const list = useStaffData(brand ? null : '/api/staff/brands.php');
  // A new brand starts from a file brand's settings (the server sends one), changed in the fields and the editor.
  const template = list.data?.template;
  useEffect(() => {
    if (template) setJson((now) => (now === '{}' ? JSON.stringify(template, null, 2) : now));
  }, [template]);
  const current = brand?.settings ?? template ?? {};
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    let settings: Record<string, unknown>;
    try {
      settings = JSON.parse(json) as Record<string, unknown>;
    } catch {
      return setFields({ json: t('brands.json_invalid') });
    }
    for (const [name, path, kind] of FIELDS) write(settings, path, parseInput(kind, String(form.get(name) ?? '')));
    setFields({});
    setProblem(null);
    const note = String(form.get('note') ?? '').trim() || undefined;
    try {
      const saved = brand
        ? await staffSend('put', '/api/staff/brand.php', { id: brand.id, settings, note })
        : await staffSend('post', '/api/staff/brands.php', {
            id: String(form.get('id') ?? '').trim(),
            settings,
            note,
            database: String(form.get('database') ?? '') || undefined,
          });
      setJson(JSON.stringify(saved.settings, null, 2));
      onSaved(saved);
    } catch (e) {
      if (e instanceof ApiError && e.fields) setFields(e.fields);
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    }
  };
  const pathOf = (name: FieldName) => FIELDS.find((f) => f[0] === name)![1].join('.');
  const known = new Set<string>(FIELDS.map((f) => f[1].join('.')));
  const others = Object.entries(fields).filter(
    ([path]) => !known.has(path) && ![...known].some((k) => path.startsWith(`${k}.`)) && path !== 'json',
  );
  const errorOf = (name: FieldName) =>
    fields[pathOf(name)] ?? Object.entries(fields).find(([path]) => path.startsWith(`${pathOf(name)}.`))?.[1];
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="brand-form" key={brand?.latest_version ?? (template ? 'new' : 'empty')}>
      <h2>{brand ? t('brands.edit') : t('brands.new')}</h2>
      {!brand && <Field label={t('brands.id')} name="id" required pattern="[a-z][a-z0-9-]{1,30}" error={fields.id} />}
      {!brand && (
        <div className="field">
          <label htmlFor="f-database">{t('brands.database')}</label>
          <select id="f-database" name="database" defaultValue="">
            <option value="">{t('brands.database_auto')}</option>
            {list.data?.databases.map((d) => (
              <option key={d.binding} value={d.binding}>
                {d.binding} ({d.brands})
              </option>
            ))}
          </select>
        </div>
      )}
      {FIELDS.map(([name, path, kind]) => (
        <Field
          key={name}
          label={t(`brands.${name}`)}
          name={name}
          inputMode={kind === 'number' ? 'numeric' : undefined}
          defaultValue={shown(read(current, path))}
          error={errorOf(name)}
        />
      ))}
      <div className="field">
        <label htmlFor="f-json">{t('brands.json')}</label>
        <textarea
          id="f-json"
          rows={16}
          spellCheck={false}
          value={json}
          onChange={(e) => setJson(e.target.value)}
          aria-describedby="f-json-hint"
          aria-invalid={fields.json ? true : undefined}
        />
        <small id="f-json-hint">{t('brands.json_hint')}</small>
        {fields.json && <small className="error">{fields.json}</small>}
      </div>
      {others.length > 0 && (
        <div role="alert" data-testid="brand-field-errors">
          <strong>{t('brands.other_fields')}</strong>
          <ul>
            {others.map(([path, reason]) => (
              <li key={path}>
                <code>{path}</code>: {reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Field label={t('brands.note')} name="note" />
      <Problem message={problem} />
      <button type="submit" className="btn btn-primary">
        {brand ? t('brands.save') : t('brands.create')}
      </button>
    </form>
  );
}

function Versions({ brand, onChanged }: { brand: BrandDetail; onChanged: (b: BrandDetail) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (version: number, rollback: boolean) => {
    setProblem(null);
    try {
      onChanged(
        rollback
          ? await staffSend('post', '/api/staff/brand-rollback.php', { id: brand.id, version })
          : await staffSend('post', '/api/staff/brand-live.php', { id: brand.id, version }),
      );
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    }
  };
  return (
    <section aria-labelledby="versions-title" data-testid="brand-versions">
      <h2 id="versions-title">{t('brands.versions')}</h2>
      <p>
        <a
          href={`${location.protocol}//${brand.preview_host}${location.port ? `:${location.port}` : ''}/`}
          target="_blank"
          rel="noreferrer"
        >
          {t('brands.preview')}
        </a>
      </p>
      <Problem message={problem} />
      <TableWrap>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('brands.version')}</th>
              <th scope="col">{t('brands.note')}</th>
              <th scope="col">{t('brands.created')}</th>
              <th scope="col">{t('brands.by')}</th>
              <th scope="col">{t('brands.status')}</th>
            </tr>
          </thead>
          <tbody>
            {brand.versions.map((v) => (
              <tr key={v.version}>
                <th scope="row">{v.version}</th>
                <td>{v.note ?? ''}</td>
                <td>{formatDateTime(v.created_at)}</td>
                <td>{v.created_by ?? ''}</td>
                <td>
                  {v.version === brand.live_version ? (
                    t('brands.is_live')
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => void act(v.version, brand.live_version !== null && v.version < brand.live_version)}
                    >
                      {brand.live_version !== null && v.version < brand.live_version ? t('brands.rollback') : t('brands.go_live')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}

function BrandEditor({ id }: { id: string }) {
  const detail = useStaffData('/api/staff/brand.php', { id });
  const update = (b: BrandDetail) => detail.mutate(() => b);
  if (detail.error) return <Problem message={detail.error.message} />;
  if (!detail.data) return <Loading />;
  return (
    <>
      <BrandForm brand={detail.data} onSaved={update} />
      <Versions brand={detail.data} onChanged={update} />
      <BrandHosts brand={detail.data} onChanged={update} />
    </>
  );
}

export function BrandsScreen() {
  const list = useStaffData('/api/staff/brands.php');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="brands-title" data-testid="brands">
      <h1 id="brands-title">{t('brands.title')}</h1>
      <Problem message={list.error?.message} />
      {!list.data && !list.error && <Loading />}
      {list.data && <p>{t('brands.file_brands', { list: list.data.file_brands.join(', ') })}</p>}
      {list.data && list.data.brands.length === 0 && <p className="empty">{t('brands.no_brands')}</p>}
      {list.data && list.data.brands.length > 0 && (
        <TableWrap>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('brands.name')}</th>
                <th scope="col">{t('brands.status')}</th>
                <th scope="col">{t('brands.live_version')}</th>
                <th scope="col">{t('brands.latest_version')}</th>
                <th scope="col">{t('brands.database')}</th>
                <th scope="col">{t('brands.hosts')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.brands.map((b) => (
                <tr key={b.id}>
                  <th scope="row">
                    <button type="button" className="btn btn-link" onClick={() => setOpen(b.id)}>
                      {b.name || b.id}
                    </button>{' '}
                    <code>{b.id}</code>
                  </th>
                  <td>{b.status === 'live' ? t('brands.status_live') : t('brands.status_draft')}</td>
                  <td>{b.live_version ?? '–'}</td>
                  <td>{b.latest_version}</td>
                  <td>{b.database}</td>
                  <td>{b.hosts.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {open ? (
        <BrandEditor key={open} id={open} />
      ) : (
        <BrandForm
          brand={null}
          onSaved={(b) => {
            void list.reload();
            setOpen(b.id);
          }}
        />
      )}
    </section>
  );
}
