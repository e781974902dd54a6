import { useAtomValue } from 'jotai';
import { createElement, type ComponentType } from 'react';
import { INFO_PAGES, type ContentPageName } from '../../../core/content-pages';
import ComplaintsScreen from './complaints';
import { ContentPage } from './content-page';
import LangConfigScreen from './lang-config';
import { routeAtom } from '../../state/atoms';

const infoPage = (page: ContentPageName): ComponentType =>
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page when the module loads, never during a render
  function InfoPageScreen() {
    return createElement(ContentPage, { page, company: true });
  };

/** A brand's own information page, /pages/{token}. */
function BrandPageScreen() {
  const { token } = useAtomValue(routeAtom).params;
  return createElement(ContentPage, { page: token, company: true });
}

/** The information pages, complaints and language choice, as one lazy module (client/app.tsx); premium and pricing are the shop's. */
export const screens: Record<string, ComponentType> = {
  ...Object.fromEntries(INFO_PAGES.map((page) => [`pages-${page}`, infoPage(page)])),
  'pages-token': BrandPageScreen,
  complaints: ComplaintsScreen,
  'lang-config': LangConfigScreen,
};
