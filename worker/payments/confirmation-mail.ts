import { intlLocale, toLanguage } from '../../core/rules/language';
import { timeZoneOf } from '../../core/rules/notification-mail';
import { sendMail } from '../mail';
import { translatorFor } from '../i18n';
import type { OrderRow } from './orders';
import { moneyFormatter } from '../../core/money';
import type { SettleContext } from './settle-context';
import type { Tables } from '../db/tables';
import { mailScoped, type MailScope } from '../mail/scope';
import { statementDescriptor } from './statement';
import { sepaPrenotice } from './sepa/prenotification';

/**
 * The confirmation on a durable medium that distance selling needs: what was bought, for how much, that the
 * member agreed to immediate delivery and so gave up the 14-day withdrawal right, and who the seller is
 * (companyinfo: name, address, KvK, VAT). Sent once, by the request that moved the order to paid.
 */
export async function sendConfirmation(ctx: SettleContext, order: OrderRow, paidAt: string): Promise<void> {
  const member = await buyer(ctx.env.DB, ctx.tenant.id, order);
  if (!member) return;
  const language = toLanguage(order.language) ?? 'nl';
  const t = translatorFor(language);
  // On the wall clock of the country the order was placed from, with the zone named (a receipt is kept).
  const clock = new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: timeZoneOf(order.country),
  });
  const date = (iso: string) => clock.format(new Date(iso));
  const { company } = ctx.tenant;
  const money = moneyFormatter(language, order.currency);
  // A SEPA debit's pre-notification goes first (issue 44 item 10): the mail leaves before the debit date.
  const prenotice = order.provider === 'sepa' ? await sepaPrenotice(ctx.env.DB, ctx.tenant, order.id, language, money) : null;
  const statement = t('payment.statement', {
    descriptor: statementDescriptor(ctx.tenant, order.provider),
    support_email: ctx.tenant.settings.support_email,
    support_phone: ctx.tenant.settings.support_phone,
  });
  await sendMail(
    ctx.env,
    {
      tenant: ctx.tenant,
      to: member.email,
      memberId: order.member_id,
      language,
      template: 'payment_confirmation',
      data: {
        name: member.name,
        order: String(order.id),
        credits: String(order.credits),
        amount: money(order.amount),
        method: t(`payment.methods.${order.method}`),
        date: date(paidAt),
        consent_date: date(order.consent_at),
        company_name: company.name,
        company_address: `${company.address}, ${company.city}, ${company.country}`,
        kvk: company.kvk,
        vat: company.vat_numbers.join(', '),
        link: ctx.orderUrl(order.id),
        // How the charge appears on the statement and whom to ask (issue 44, item 9): an unknown charge is disputed.
        statement: prenotice ? `${t('mail.payment_confirmation.prenotification', prenotice)} ${statement}` : statement,
      },
    },
    ctx.now,
  );
}

/**
 * The member's word of a refund staff gave (POST /api/staff/refund.php): which order, how much went back and how,
 * and how many credits left the balance. Sent once, by the request that moved the order to refunded.
 */
export async function sendRefundMail(scope: MailScope, order: OrderRow, creditsTakenBack: number): Promise<void> {
  const member = await buyer(scope.env.DB, scope.tenant.id, order);
  if (!member) return;
  const language = toLanguage(order.language) ?? scope.language;
  const t = translatorFor(language);
  await mailScoped(
    scope,
    member.email,
    language,
    'payment_refunded',
    {
      name: member.name,
      order: String(order.id),
      amount: moneyFormatter(language, order.currency)(order.amount),
      method: t(`payment.methods.${order.method}`),
      credits: String(creditsTakenBack),
      link: new URL(`/transactions/${order.id}`, scope.origin).href,
    },
    order.member_id,
  );
}

/**
 * The member's word of a chargeback (issue 44 item 4), sent once by the request that moved the order to
 * charged_back (verotel/reversal.ts): which order, the credits taken back and those already used, that one-click
 * purchases on that card stopped, and that the account stays as it is (FTC v. Match Group, 2025).
 */
export async function sendChargebackMail(ctx: Pick<SettleContext, 'env' | 'tenant' | 'now' | 'orderUrl'>, order: OrderRow): Promise<void> {
  const member = await buyer(ctx.env.DB, ctx.tenant.id, order);
  if (!member) return;
  const taken = await creditsTakenBack(ctx.env.DB, ctx.tenant.id, order);
  const language = toLanguage(order.language) ?? 'nl';
  await sendMail(
    ctx.env,
    {
      tenant: ctx.tenant,
      to: member.email,
      memberId: order.member_id,
      language,
      template: 'payment_charged_back',
      data: {
        name: member.name,
        order: String(order.id),
        amount: moneyFormatter(language, order.currency)(order.amount),
        credits: String(taken),
        spent: String(Math.max(0, order.credits - taken)),
        link: ctx.orderUrl(order.id),
      },
    },
    ctx.now,
  );
}

/** The credits of an order taken back so far, by a refund and by a chargeback (their ledger references). */
export async function creditsTakenBack(db: D1Database, tenantId: string, order: Pick<OrderRow, 'id' | 'member_id'>): Promise<number> {
  const row = await db
    .prepare('SELECT COALESCE(-SUM(delta), 0) AS taken FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref IN (?, ?)')
    .bind(tenantId, order.member_id, `refund:order:${order.id}`, `chargeback:order:${order.id}`)
    .first<{ taken: number }>();
  return row?.taken ?? 0;
}

/** The address and name an order's mails go to. */
function buyer(db: D1Database, tenantId: string, order: OrderRow) {
  return db
    .prepare(
      'SELECT m.email, p.name FROM members m JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id WHERE m.id = ? AND m.tenant_id = ?',
    )
    .bind(order.member_id, tenantId)
    .first<Pick<Tables['members'], 'email'> & Pick<Tables['profiles'], 'name'>>();
}
