import { useState, type FormEvent } from 'react';
import { NetworkCreateSchema, PAYOUT_MODELS, type Network } from '../../../core/schemas/traffic';
import { Field } from '../components/field';
import { Loading, Problem } from '../components/notice';
import { ApiError, staffSend } from '../lib/api';
import { validate } from '../lib/form';
import { formatMoney, t, type StaffKey } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { TableWrap } from '../components/table-wrap';

// The brand's affiliate networks (issue 47 item 3): the list and a form to add one. The server checks each postback
// template (https on the network's host, known tokens) and names the field it refuses; so does this form's schema
// for the shape of the fields.

const TEMPLATES = ['lead_url', 'sale_url', 'rebill_url', 'reversal_url'] as const;

function readNetwork(form: FormData, brand: string) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const number = (name: string) => (text(name) === '' ? 0 : Number(text(name).replace(',', '.')));
  return {
    brand,
    name: text('name'),
    label: text('label'),
    click_id_param: text('click_id_param') || 'clickid',
    campaign_param: text('campaign_param') || 'campaign',
    postback_host: text('postback_host'),
    ...Object.fromEntries(TEMPLATES.map((k) => [k, text(k) || null])),
    payout_model: text('payout_model'),
    // Entered in whole currency units; stored in cents.
    payout_amount: Math.round(number('payout_amount') * 100),
    revshare_percent: number('revshare_percent'),
    payout_currency: text('payout_currency').toUpperCase() || 'EUR',
    hold_days: text('hold_days') === '' ? 30 : number('hold_days'),
    attribution_days: text('attribution_days') === '' ? 30 : number('attribution_days'),
    countries: text('countries')
      .toUpperCase()
      .split(/[\s,]+/)
      .filter(Boolean),
    active: true,
  };
}

function NetworkForm({ brand, onSaved }: { brand: string; onSaved: () => void }) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validate(NetworkCreateSchema, readNetwork(new FormData(form), brand));
    if (!checked.ok) return setFields(checked.fields);
    setFields({});
    setProblem(null);
    try {
      await staffSend('post', '/api/staff/traffic-networks.php', checked.value);
      form.reset();
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setFields(Object.fromEntries(Object.keys(e.fields).map((k) => [k, e.message])));
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="network-form">
      <h3>{t('traffic.add_network')}</h3>
      <Field label={t('traffic.network_name')} name="name" error={fields.name} required />
      <Field label={t('traffic.network_label')} name="label" error={fields.label} required />
      <Field label={t('traffic.click_id_param')} name="click_id_param" placeholder="clickid" error={fields.click_id_param} />
      <Field label={t('traffic.postback_host')} name="postback_host" error={fields.postback_host} required />
      {TEMPLATES.map((k) => (
        <Field key={k} label={t(`traffic.${k}` as StaffKey)} name={k} type="url" error={fields[k]} hint={t('traffic.tokens')} />
      ))}
      <div className="field">
        <label htmlFor="f-payout_model">{t('traffic.payout_model')}</label>
        <select id="f-payout_model" name="payout_model" defaultValue="cpa">
          {PAYOUT_MODELS.map((m) => (
            <option key={m} value={m}>
              {m.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('traffic.payout_amount')} name="payout_amount" inputMode="decimal" error={fields.payout_amount} />
      <Field label={t('traffic.payout_currency')} name="payout_currency" placeholder="EUR" error={fields.payout_currency} />
      <Field label={t('traffic.revshare_percent')} name="revshare_percent" inputMode="numeric" error={fields.revshare_percent} />
      <Field label={t('traffic.hold_days')} name="hold_days" inputMode="numeric" placeholder="30" error={fields.hold_days} />
      <Field label={t('traffic.countries')} name="countries" placeholder="NL, BE" error={fields.countries} />
      <Problem message={problem} />
      <button type="submit" className="btn btn-primary">
        {t('traffic.save_network')}
      </button>
    </form>
  );
}

export function TrafficNetworks({ brand }: { brand: string }) {
  const list = useStaffData(brand ? '/api/staff/traffic-networks.php' : null, { brand });
  const payout = (n: Network) =>
    n.payout_model === 'revshare'
      ? `${n.revshare_percent} %`
      : `${n.payout_model.toUpperCase()} ${formatMoney(n.payout_amount, n.payout_currency)}`;
  return (
    <section aria-labelledby="networks-title" data-testid="networks">
      <h2 id="networks-title">{t('traffic.networks')}</h2>
      <Problem message={list.error?.message} />
      {!list.data && !list.error && <Loading />}
      {list.data && list.data.networks.length === 0 && <p className="empty">{t('traffic.no_networks')}</p>}
      {list.data && list.data.networks.length > 0 && (
        <TableWrap>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('traffic.network_name')}</th>
                <th scope="col">{t('traffic.postback_host')}</th>
                <th scope="col">{t('traffic.payout_model')}</th>
                <th scope="col">{t('traffic.hold_days')}</th>
                <th scope="col">{t('traffic.countries')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.networks.map((n) => (
                <tr key={n.id}>
                  <th scope="row">
                    {n.label} <code>{n.name}</code>
                  </th>
                  <td>{n.postback_host}</td>
                  <td>{payout(n)}</td>
                  <td>{n.hold_days}</td>
                  <td>{n.countries.join(', ') || t('traffic.all_countries')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <NetworkForm brand={brand} onSaved={() => void list.reload()} />
    </section>
  );
}
