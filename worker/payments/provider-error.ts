/** A payment service that failed or answered something unexpected (its own module: the adapters and provider.ts import it without a cycle). */
export class ProviderError extends Error {}
