import { test as base, expect, type Page } from '@playwright/test';
import { TEST_PORT } from '../../playwright.config';

export const BRANDS = [
  { id: 'flirtlokaal', country: 'NL', lang: 'nl', switchTo: 'fr', login: 'Inloggen', loginAfter: 'Connexion' },
  { id: 'reifekontakte', country: 'DE', lang: 'de', switchTo: null, login: 'Anmelden', loginAfter: null },
  { id: 'velvetnights', country: 'US', lang: 'en-US', switchTo: 'es', login: 'Log in', loginAfter: 'Iniciar sesión' },
] as const;

export const brandUrl = (brand: string, path = '/') => `http://${brand}.localhost:${TEST_PORT}${path}`;

/** Collects console errors and uncaught exceptions, so a test can assert the page had none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

export { base as test, expect };
