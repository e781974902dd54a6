/** What a member can cancel through "Verträge hier kündigen" (§ 312k BGB): everything, premium, the stored payment method. */
export const CANCELLABLE_CONTRACTS = ['all', 'premium', 'payment_method'] as const;
/** Ordinary (at the earliest date) or extraordinary (for good cause). */
export const CANCELLATION_KINDS = ['ordinary', 'extraordinary'] as const;
