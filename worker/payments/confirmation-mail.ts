import { toLanguage } from '../../core/rules/language';
import { sendMail } from '../mail';
import { translatorFor } from '../i18n';
import type { OrderRow } from './orders';
import { moneyFormatter } from '../../core/money';
import type { SettleContext } from './settle-context';
import type { Tables } from '../db/tables';

/**
 * The confirmation on a durable medium that distance selling needs: what was bought, for how much, that the
 * member agreed to immediate delivery and so gave up the 14-day withdrawal right, and who the seller is
 * (companyinfo: name, address, KvK, VAT). Sent once, by the request that moved the order to paid.
 */
export async function sendConfirmation(ctx: SettleContext, order: OrderRow, paidAt: string): Promise<void> {
  const member = await ctx.env.DB.prepare(
    'SELECT m.email, p.name FROM members m JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id WHERE m.id = ? AND m.tenant_id = ?',
  )
    .bind(order.member_id, ctx.tenant.id)
    .first<Pick<Tables['members'], 'email'> & Pick<Tables['profiles'], 'name'>>();
  if (!member) return;
  const language = toLanguage(order.language) ?? 'nl';
  const t = translatorFor(language);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));
  const { company } = ctx.tenant;
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
        amount: moneyFormatter(language, order.currency)(order.amount),
        method: t(`payment.methods.${order.method}`),
        date: date(paidAt),
        consent_date: date(order.consent_at),
        company_name: company.name,
        company_address: `${company.address}, ${company.city}, ${company.country}`,
        kvk: company.kvk,
        vat: company.vat_numbers.join(', '),
        link: ctx.orderUrl(order.id),
      },
    },
    ctx.now,
  );
}
