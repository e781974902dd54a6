import type { CompanyInfo } from '../../core/schemas/reference';
import type { AppContext } from '../context';

/** companyinfo.php's answer, also the information pages' loader: the company behind the brand and its help address. */
export function companyInfo(c: AppContext): CompanyInfo {
  const tenant = c.get('tenant');
  return { ...tenant.company, support_email: tenant.settings.support_email };
}
