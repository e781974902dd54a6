import { t } from '../lib/i18n';
import { formatCountdown } from '../lib/time';

type Claim = { id: number; name: string; expires_at: string } | null;

interface Props {
  claim: Claim;
  myId: number;
  now: number;
  busy: boolean;
  onClaim: () => void;
}

/** Who holds the conversation and for how long; an expired or missing claim of one's own offers to claim again. */
export function ClaimTimer({ claim, myId, now, busy, onClaim }: Props) {
  const left = claim ? Date.parse(claim.expires_at) - now : 0;
  if (claim && left > 0 && claim.id !== myId) {
    return (
      <p className="claim-box alert alert-warning" data-testid="claim-state" data-state="other">
        {t('claim.other', { name: claim.name })}
      </p>
    );
  }
  if (claim && left > 0) {
    return (
      <p className="claim-box" data-testid="claim-state" data-state="mine">
        {t('claim.mine')} <strong aria-live="off">{formatCountdown(left)}</strong> <small>{t('claim.renews')}</small>
      </p>
    );
  }
  return (
    <div className="claim-box alert alert-warning" data-testid="claim-state" data-state="expired" role="status">
      {claim ? t('claim.expired') : t('claim.none')}{' '}
      <button type="button" className="btn btn-primary" onClick={onClaim} disabled={busy}>
        {t('claim.again')}
      </button>
    </div>
  );
}
