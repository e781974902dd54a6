import { useState, type FormEvent } from 'react';
import { type BrandDetail, BrandHostAddSchema } from '../../../core/schemas/brands';
import { Field } from '../components/field';
import { Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';
import { ApiError, staffSend } from '../lib/api';
import { validate } from '../lib/form';
import { t } from '../lib/i18n';

// A brand's hosts (issue 48 item 5): each with its status and certificate at the provider, what the partner must
// publish while it is pending, and a form to add one (another brand's host is refused by the server, 409).

export function BrandHosts({ brand, onChanged }: { brand: BrandDetail; onChanged: (b: BrandDetail) => void }) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (call: () => Promise<BrandDetail>) => {
    setProblem(null);
    try {
      onChanged(await call());
      return true;
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
      return false;
    }
  };
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = validate(BrandHostAddSchema, {
      id: brand.id,
      host: String(data.get('host') ?? ''),
      method: String(data.get('method') ?? 'http'),
    });
    if (!checked.ok) return setFields(checked.fields);
    setFields({});
    if (await run(() => staffSend('post', '/api/staff/brand-hosts.php', checked.value))) form.reset();
  };
  const port = location.port ? `:${location.port}` : '';
  return (
    <section aria-labelledby="hosts-title" data-testid="brand-hosts">
      <h2 id="hosts-title">{t('brands.hosts')}</h2>
      {brand.host_details.length > 0 && (
        <TableWrap>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('brands.host')}</th>
                <th scope="col">{t('brands.host_status')}</th>
                <th scope="col">{t('brands.ssl')}</th>
                <th scope="col">{t('brands.verification')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {brand.host_details.map((h) => (
                <tr key={h.host}>
                  <th scope="row">
                    {h.status === 'active' ? (
                      <a
                        href={`${location.protocol}//${h.host}${h.host.endsWith('.localhost') ? port : ''}/`}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {h.host}
                      </a>
                    ) : (
                      h.host
                    )}
                  </th>
                  <td data-testid="host-status">{h.status}</td>
                  <td>{h.ssl_status ?? '–'}</td>
                  <td>
                    {h.verification ? (
                      <>
                        {h.verification.type.toUpperCase()} <code>{h.verification.name}</code> <code>{h.verification.value}</code>
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => void run(() => staffSend('delete', '/api/staff/brand-hosts.php', { id: brand.id, host: h.host }))}
                    >
                      {t('brands.remove_host')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <form onSubmit={(e) => void add(e)} noValidate data-testid="host-form">
        <Field label={t('brands.host')} name="host" placeholder={`${brand.id}.example.com`} error={fields.host} required />
        <div className="field">
          <label htmlFor="f-method">{t('brands.method')}</label>
          <select id="f-method" name="method" defaultValue="http">
            <option value="http">{t('brands.method_http')}</option>
            <option value="txt">{t('brands.method_txt')}</option>
          </select>
        </div>
        <Problem message={problem} />
        <button type="submit" className="btn btn-primary">
          {t('brands.add_host')}
        </button>
      </form>
    </section>
  );
}
