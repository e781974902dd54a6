import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../core/state';
import type { Settings } from '../../../core/schemas/settings';
import de from '../../../locales/de.json';
import nl from '../../../locales/nl.json';
import { createI18n, I18nProvider } from '../../i18n';
import { settingsAtom } from '../../state/atoms';
import { FictionalMark } from '../fictional-mark';
import { MessageBubble, type ShownMessage } from './message-bubble';
import { PhotoChoice } from './photo-picker';

// Issue 45 item 12: the chat's photo buttons and photos have names a screen reader can say, and the fictional marker
// is an icon with the brand's words, not an emoji.

// The tenant's emoji, written as an escape: no pictograph in the sources (client/no-emoji.test.ts).
const MASKS = '\u{1F3AD}';

function render(node: ReactNode, catalogue: Catalogue = nl as Catalogue, language = 'nl') {
  const store = createStore();
  store.set(settingsAtom, { cdn_prefix: '/media/', fictional_icon: MASKS, fictional_singular: 'fictief profiel' } as Settings);
  return renderToStaticMarkup(
    <Provider store={store}>
      <I18nProvider value={createI18n(language, catalogue)}>{node}</I18nProvider>
    </Provider>,
  );
}

const photo = {
  id: 7,
  filename: 'a.jpg',
  thumb_filename: 'a-t.jpg',
  status: 'active',
  private: false,
  main: false,
  position: 1,
  width: 1,
  height: 1,
  reject_reason: null,
} as const;
const message = (from_me: boolean): ShownMessage => ({
  id: 1,
  conversation_id: 1,
  from_me,
  kind: 'photo',
  text: null,
  gift: null,
  photo: { filename: 'a.jpg', thumb_filename: 'a-t.jpg' },
  created_at: '2026-11-29T12:00:00Z',
  status: null,
  client_key: null,
});

describe('photos in the chat', () => {
  it('each photo button says which photo it sends, and whether it is private', () => {
    expect(render(<PhotoChoice photo={photo} n={2} total={5} onPick={() => {}} />)).toContain('aria-label="Foto 2 van 5 sturen"');
    expect(render(<PhotoChoice photo={{ ...photo, private: true }} n={1} total={5} onPick={() => {}} />)).toContain(
      'aria-label="Privéfoto 1 van 5 sturen"',
    );
    expect(render(<PhotoChoice photo={photo} n={3} total={4} onPick={() => {}} />, de as Catalogue, 'de')).toContain(
      'aria-label="Foto 3 von 4 senden"',
    );
  });

  it('a photo in a conversation says whether it was sent or received', () => {
    expect(render(<MessageBubble message={message(true)} />)).toContain('alt="Foto die je stuurde"');
    expect(render(<MessageBubble message={message(false)} />)).toContain('alt="Foto die je kreeg"');
  });
});

describe('the fictional marker', () => {
  it("is the drama icon with the brand's words, never the tenant's emoji", () => {
    const html = render(<FictionalMark />);
    expect(html).toContain('class="icon i-lucide-drama" aria-hidden="true"');
    expect(html).toContain('<span>fictief profiel</span>');
    expect(html).not.toContain(MASKS);
    expect(render(<FictionalMark text={false} />)).not.toContain('fictief profiel');
  });
});
