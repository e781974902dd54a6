import { describe, expect, it } from 'vitest';
import { html, htmlLines, raw } from './html';

describe('html, the one way the Worker writes markup by hand', () => {
  it('makes an interpolated value inert', () => {
    expect(html`<p>${'<img src=x onerror=alert(1)>'}</p>`.toString()).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('escapes quotes so a value cannot leave its attribute', () => {
    expect(html`<a title="${`" onmouseover='x'`}">`.toString()).toBe('<a title="&quot; onmouseover=&#39;x&#39;">');
  });

  it('escapes the ampersand, so entities are not double-read', () => {
    expect(html`${'a&lt;b & c'}`.toString()).toBe('a&amp;lt;b &amp; c');
  });

  it('leaves ordinary text alone', () => {
    expect(html`${'Zoë, 32 — Utrecht'}`.toString()).toBe('Zoë, 32 — Utrecht');
  });

  it('passes its own fragments, lists of them and raw markup through, and writes nothing for null or false', () => {
    const items = ['<a>', 'b'].map((v) => html`<li>${v}</li>`);
    expect(html`<ul>${items}</ul>${null}${false}${raw('<br>')}`.toString()).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul><br>');
    expect(htmlLines(items).toString()).toBe('<li>&lt;a&gt;</li>\n<li>b</li>');
  });

  it('answers at once, and refuses a Promise rather than waiting for it', () => {
    expect(typeof html`<p>${'x'}</p>`.toString()).toBe('string');
    expect(() => html`<p>${Promise.resolve('x')}</p>`).toThrow(/Promise/);
  });
});
