import type { AnchorHTMLAttributes } from 'react';
import { RouterLink } from '../../history';
import { navigate } from '../lib/router';

/** A link inside the workspace (client/history.tsx): a real <a href> that navigates without reloading. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <RouterLink go={(href) => navigate(href)} {...props} />;
}
