import { createElement, type ComponentType } from 'react';
import { ContentPage } from '../pages/content-page';
import CheckoutScreen from './checkout';
import DirectDebitScreen from './directdebit';
import { ShopOverview } from './overview';
import { FictionalNotice, PriceFacts } from './price-facts';
import RepeatOrderScreen from './repeat-order';
import TransactionScreen from './transaction';

/** The credits shop, as one lazy module (client/app.tsx): the package overview, paying, results, direct debit. */
const CreditsScreen = () => createElement(ShopOverview, { kind: 'credits' }, createElement(FictionalNotice));

/** /premium and /pricing: the package overview, then the page's own text (premium explained, what things cost). The
 * overview names the document (shop.title_premium, shop.title_pricing), so the text below it does not. */
const PremiumScreen = () =>
  createElement(
    ShopOverview,
    { kind: 'premium' },
    createElement(ContentPage, { page: 'premium', named: false }, createElement(FictionalNotice)),
  );
const PricingScreen = () =>
  createElement(
    ShopOverview,
    { kind: 'pricing' },
    createElement(ContentPage, { page: 'pricing', named: false }, createElement(PriceFacts), createElement(FictionalNotice)),
  );

export const screens: Record<string, ComponentType> = {
  credits: CreditsScreen,
  premium: PremiumScreen,
  pricing: PricingScreen,
  'credits-id-paymentmethod': CheckoutScreen,
  'credits-repeat-order': RepeatOrderScreen,
  'transactions-id': TransactionScreen,
  directdebit: DirectDebitScreen,
};
