/**
 * Gives a claim back when the operator leaves the answer screen, so the next operator need not wait for it to
 * expire. `keepalive` lets the request finish while the tab closes or navigates away.
 */
export function releaseClaim(brand: string, conversationId: number): void {
  void fetch('/api/staff/claim.php', {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ brand, conversation_id: conversationId }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}
