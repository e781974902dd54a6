import { createElement, type ComponentType } from 'react';
import { INFO_PAGES, type ContentPageName } from '../../../core/schemas/pages';
import ComplaintsScreen from './complaints';
import { ContentPage } from './content-page';
import LangConfigScreen from './lang-config';

const infoPage = (page: ContentPageName): ComponentType =>
  function InfoPageScreen() {
    return createElement(ContentPage, { page, company: true });
  };

/** The information pages, complaints and language choice, as one lazy module (client/app.tsx); premium and pricing are the shop's. */
export const screens: Record<string, ComponentType> = {
  ...Object.fromEntries(INFO_PAGES.map((page) => [`pages-${page}`, infoPage(page)])),
  complaints: ComplaintsScreen,
  'lang-config': LangConfigScreen,
};
