import { createElement, type ComponentType } from 'react';
import { INFO_PAGES, type ContentPageName } from '../../../core/schemas/pages';
import ComplaintsScreen from './complaints';
import { ContentPage } from './content-page';
import LangConfigScreen from './lang-config';
import { PremiumScreen, PricingScreen } from './premium';

const infoPage = (page: ContentPageName): ComponentType =>
  function InfoPageScreen() {
    return createElement(ContentPage, { page, company: true });
  };

/** The information pages, complaints, language choice, premium and pricing, as one lazy module (client/app.tsx). */
export const screens: Record<string, ComponentType> = {
  ...Object.fromEntries(INFO_PAGES.map((page) => [`pages-${page}`, infoPage(page)])),
  complaints: ComplaintsScreen,
  'lang-config': LangConfigScreen,
  premium: PremiumScreen,
  pricing: PricingScreen,
};
