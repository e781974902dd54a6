import { describe, expect, it } from 'vitest';
import { shouldShowEntryWarning, type EntryWarningInputs } from './entry-warning';

const visitor: EntryWarningInputs = {
  loggedIn: false,
  skipped: false,
  enabled: 'yes',
  installedApp: false,
  country: 'BE',
  countries: ['NL', 'BE'],
  layout: 'default',
};

describe('shouldShowEntryWarning', () => {
  it('shows to a new visitor from a configured country', () => {
    expect(shouldShowEntryWarning(visitor)).toBe(true);
  });
  it('is not shown to members, after it was skipped, when disabled, or in the installed app', () => {
    expect(shouldShowEntryWarning({ ...visitor, loggedIn: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, skipped: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, enabled: 'no' })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, installedApp: true })).toBe(false);
  });
  it('is not shown outside the configured countries or without a known country', () => {
    expect(shouldShowEntryWarning({ ...visitor, country: 'FR' })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, country: null })).toBe(false);
  });
  it('is limited to NL and DE in the chat, lander and empty layouts', () => {
    for (const layout of ['chat', 'lander', 'empty'] as const) {
      expect(shouldShowEntryWarning({ ...visitor, layout, country: 'BE' })).toBe(false);
      expect(shouldShowEntryWarning({ ...visitor, layout, country: 'NL' })).toBe(true);
      expect(shouldShowEntryWarning({ ...visitor, layout, country: 'DE', countries: ['NL'] })).toBe(true);
    }
  });
  it('is not shown on routes that suppress it', () => {
    expect(shouldShowEntryWarning({ ...visitor, suppressedByRoute: true })).toBe(false);
  });
});
