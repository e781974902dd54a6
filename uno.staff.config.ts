import { defineConfig, presetWind3 } from 'unocss';

/**
 * The staff workspace's UnoCSS (build/staff-uno.ts generates its stylesheet from client/staff/ alone, apart from the
 * members' uno.config.ts: neither app's utilities, shortcuts or preflights reach the other's CSS).
 *
 * The components keep semantic class names (`card`, `queue-item`, `field inline`); each is a shortcut below, made of
 * utilities. A part or state of a component is a variant of its shortcut with the same selector the workspace always
 * had (`[&.inline]:` is `.field.inline`, `[&_li]:` is `.chips li`), so every rule keeps its specificity; words like
 * `inline`, `grid`, `wide` or `who` are markers those variants select, never utilities of their own (the extractor
 * in build/staff-uno.ts). Elements without a class (body, headings, forms, tables) are styled by the preflight.
 * Colours keep 4.5:1 contrast on white; the brand's primary (--c-primary) always carries white text.
 */
export const staffShortcuts: Record<string, string> = {
  'sr-only': 'absolute w-1px h-1px overflow-hidden [clip:rect(0_0_0_0)] whitespace-nowrap',
  'skip-link': 'absolute left-[-999px] top-0 bg-white [padding:0.5rem_1rem] z-10 focus:left-2',

  // The top bar: the workspace's name, its screens, who is signed in.
  topbar: [
    'flex flex-wrap items-center [gap:0.5rem_1rem] [padding:0.5rem_1rem] [background:var(--c-primary,#6d28d9)] text-white',
    '[&_.brand]:font-700 [&_.who]:ml-auto [&_:focus-visible]:[outline-color:#fff]',
    '[&_nav_ul]:flex [&_nav_ul]:flex-wrap [&_nav_ul]:gap-1 [&_nav_ul]:[list-style:none] [&_nav_ul]:m-0 [&_nav_ul]:p-0',
    '[&_nav_a]:text-white [&_nav_a]:[text-decoration:none] [&_nav_a]:[padding:0.35rem_0.6rem] [&_nav_a]:rounded-[0.4rem] [&_nav_a]:inline-block',
    '[&_nav_a:hover]:[background:rgb(0_0_0/0.25)] [&_nav_a:hover]:[text-decoration:underline]',
    '[&_nav_a[aria-current="page"]]:[background:rgb(0_0_0/0.25)] [&_nav_a[aria-current="page"]]:[text-decoration:underline]',
  ].join(' '),
  plain: 'max-w-[460px] pt-12',

  card: 'bg-white [border:1px_solid_#d0d7de] rounded-[0.6rem] p-4 [&+.card]:mt-4',
  col: '[&>*+*]:mt-4',
  btn: '[font:inherit] inline-block font-600 [padding:0.5rem_0.9rem] rounded-[0.45rem] [border:1px_solid_transparent] cursor-pointer [text-decoration:none] disabled:op-55 disabled:cursor-not-allowed',
  'btn-primary': '[background:var(--c-primary,#6d28d9)] text-white [&:hover:not(:disabled)]:[filter:brightness(1.1)]',
  'btn-outline': 'bg-white text-ink border-[#8c959f] [&:hover:not(:disabled)]:[background:#f6f8fa]',
  'btn-light': 'bg-white text-ink',
  'btn-danger': '[background:#c62828] text-white',
  'btn-link': '[background:none] border-0 [font:inherit] cursor-pointer text-[#8a1c12] [padding:0_0_0_0.35rem]',
  row: 'flex flex-wrap gap-2 mt-2 items-center',

  field: [
    'flex flex-col gap-1 mb-3',
    '[&.inline]:flex-row [&.inline]:items-center [&.inline]:gap-2 [&.inline]:m-0',
    '[&.inline_input]:w-auto [&.inline_select]:w-auto',
  ].join(' '),
  error: 'text-bad',
  alert: '[padding:0.6rem_0.8rem] rounded-[0.45rem] [margin:0.5rem_0]',
  'alert-danger': 'bg-[#fdecea] text-[#8a1c12] [border:1px_solid_#f1aeb5]',
  'alert-warning': 'bg-[#fff4d6] text-[#5c4200] [border:1px_solid_#e8c25a]',
  'alert-success': 'bg-[#e6f4ea] text-[#14532d] [border:1px_solid_#9fd5ad]',
  'alert-ok': 'bg-[#e7f5ea] text-[#14532d] [border:1px_solid_#9fd5ac]',
  // Overdue complaints and notices: the alerts' danger red as text.
  'text-danger': 'text-[#8a1c12]',
  empty: 'text-muted',
  'label-fictional': 'inline-block text-[0.8rem] font-600 bg-ink text-white rounded-[999px] [padding:0.05rem_0.5rem] align-middle',

  // The queue of conversations waiting for an answer.
  'screen-head': 'flex flex-wrap items-center [gap:0.75rem_1.25rem] mb-3 [&_h1]:m-0 [&_h1]:min-w-0 [&_h1]:[overflow-wrap:anywhere]',
  'live-state': 'text-[0.85rem] text-muted',
  counts: 'flex flex-wrap [gap:0.5rem_1.25rem] [list-style:none] p-0 [margin:0_0_0.75rem]',
  queue: '[list-style:none] p-0 m-0 grid gap-2',
  'queue-item': [
    '[&_button]:w-full [&_button]:text-left [&_button]:[font:inherit] [&_button]:text-inherit [&_button]:grid',
    '[&_button]:grid-cols-[7rem_1fr_auto] [&_button]:[gap:0.25rem_1rem] [&_button]:items-center [&_button]:bg-white',
    '[&_button]:[border:1px_solid_#d0d7de] [&_button]:rounded-[0.6rem] [&_button]:[padding:0.75rem_1rem] [&_button]:cursor-pointer',
    '[&_button:hover:not(:disabled)]:border-primary [&.is-claimed_button]:[background:#f6f8fa]',
    '[&_.wait]:font-700 [&_.wait]:[font-variant-numeric:tabular-nums] [&_.wait]:row-span-2',
    '[&_.brand-tag]:justify-self-end [&_.brand-tag]:text-[0.85rem] [&_.brand-tag]:text-muted',
    '[&_.flag-real]:text-[#8a1c12] [&_.flag-real]:font-700',
    '[&_.claim]:justify-self-end [&_.claim]:text-[0.85rem] [&_.claim]:text-[#5c4200]',
    'max-[600px]:[&_button]:grid-cols-[1fr] max-[600px]:[&_.brand-tag]:justify-self-start max-[600px]:[&_.claim]:justify-self-start',
  ].join(' '),

  // Answering: the member, the conversation and the profile side by side. A tablet (768 px) keeps the conversation
  // beside the cards; a laptop (1366 px) shows all three columns.
  'answer-grid': [
    'grid gap-4 grid-cols-[1fr]',
    'md:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] md:[&_.col:last-child]:[grid-column:1] md:[&_.col.wide]:[grid-column:2] md:[&_.col.wide]:[grid-row:1/span_2]',
    'xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] xl:[&_.col:last-child]:[grid-column:3] xl:[&_.col:last-child]:[grid-row:1]',
    'xl:[&_.col.wide]:[grid-column:2] xl:[&_.col.wide]:[grid-row:1]',
  ].join(' '),
  'claim-box': '[margin:0_0_1rem]',
  photos: 'flex flex-wrap gap-[0.4rem] [list-style:none] p-0 [margin:0.5rem_0]',
  pick: [
    '[&_button]:p-0 [&_button]:[border:2px_solid_transparent] [&_button]:rounded-[0.4rem] [&_button]:[background:none] [&_button]:cursor-pointer',
    '[&_button:hover:not(:disabled)]:border-primary',
  ].join(' '),
  thumb: 'block object-cover rounded-[0.4rem] bg-[#e5e7eb] [&.empty]:w-72px [&.empty]:h-72px',
  chips: [
    'flex flex-wrap gap-[0.3rem] [list-style:none] p-0 [margin:0.5rem_0_0]',
    '[&_li]:bg-[#eef1f4] [&_li]:rounded-[999px] [&_li]:[padding:0.1rem_0.6rem] [&_li]:text-[0.85rem]',
  ].join(' '),
  about: 'whitespace-pre-wrap',
  messages: '[list-style:none] p-0 m-0 flex flex-col gap-[0.4rem] max-h-[55vh] overflow-y-auto',
  msg: [
    'max-w-[80%] [padding:0.5rem_0.75rem] rounded-[0.8rem] whitespace-pre-wrap [overflow-wrap:anywhere]',
    '[&_time]:block [&_time]:text-[0.75rem] [&_time]:text-muted [&_time]:mt-[0.2rem]',
    '[&.from-member]:self-start [&.from-member]:bg-[#eef1f4] [&.from-profile]:self-end [&.from-profile]:bg-[#e3ecfd]',
  ].join(' '),
  notes: [
    '[&_ul]:[list-style:none] [&_ul]:p-0 [&_ul]:[margin:0_0_0.5rem]',
    '[&_li]:[border-bottom:1px_solid_#eaeef2] [&_li]:[padding:0.35rem_0] [&_li_p]:m-0 [&_li_p]:whitespace-pre-wrap',
  ].join(' '),
  'note-form': 'flex flex-col gap-[0.35rem] items-start',
  // The news form (screens/news.tsx): the text as wide as the card, the mail's and the push's previews side by side.
  'news-form': '[&_textarea]:w-full [&_.field_input]:w-full',
  'news-preview': [
    '[&_.grid]:grid [&_.grid]:grid-cols-[repeat(auto-fit,minmax(260px,1fr))] [&_.grid]:gap-4 [&_figure]:m-0',
    '[&_figcaption]:text-[0.85rem] [&_figcaption]:text-[#57606a] [&_figcaption]:mb-2 [&_strong]:block [&_p]:[margin:0.5rem_0_0]',
  ].join(' '),

  // Profiles and first messages.
  'profile-form': '[&_.grid]:grid [&_.grid]:grid-cols-[repeat(auto-fill,minmax(200px,1fr))] [&_.grid]:[gap:0_1rem]',
  interests: [
    'grid grid-cols-[repeat(auto-fill,minmax(170px,1fr))] [gap:0.2rem_0.75rem] [border:1px_solid_#d0d7de] rounded-[0.45rem] [margin:0_0_0.75rem]',
    '[&_label]:font-400 [&_label]:flex [&_label]:gap-[0.4rem] [&_label]:items-center [&_input]:w-auto',
  ].join(' '),
  check: 'font-400 flex gap-[0.4rem] items-center [&_input]:w-auto',
  'profile-list': [
    '[list-style:none] p-0 [margin:1rem_0_0] grid gap-3',
    '[&_li]:flex [&_li]:flex-wrap [&_li]:gap-4 [&_li]:items-center',
    '[&_.info]:[flex:1] [&_.info]:min-w-[12rem] [&_.info_p]:[margin:0.15rem_0]',
    '[&_.actions]:flex [&_.actions]:flex-wrap [&_.actions]:gap-2 [&_.actions]:items-center',
  ].join(' '),
  hint: 'text-muted max-w-[60rem]',
  'send-first-form': 'grid gap-3 max-w-[48rem] [&>.btn]:justify-self-start',
  candidates: [
    '[border:1px_solid_#d0d7de] rounded-[6px] [padding:0.5rem_0.75rem] m-0',
    '[&_ul]:[list-style:none] [&_ul]:p-0 [&_ul]:m-0 [&_ul]:grid [&_ul]:gap-1 [&_ul]:max-h-[22rem] [&_ul]:overflow-y-auto',
  ].join(' '),
  candidate: [
    'font-normal flex gap-3 items-center [padding:0.25rem_0.5rem] rounded-[6px] cursor-pointer',
    '[&_input[type="radio"]]:w-auto [&_input[type="radio"]]:m-0 [&_input[type="radio"]]:[flex:none]',
    '[&.chosen]:bg-[#ddf4ff] [&_.thumb.empty]:w-48px [&_.thumb.empty]:h-48px',
  ].join(' '),
  'state-on': 'text-[#1a7f37] font-600',
  'state-off': 'text-muted',

  // Figures, tables, the audit trail, sessions.
  totals: [
    'grid grid-cols-[repeat(auto-fit,minmax(160px,1fr))] gap-3 [margin:0_0_1rem]',
    '[&_div]:bg-white [&_div]:[border:1px_solid_#d0d7de] [&_div]:rounded-[0.6rem] [&_div]:p-3',
    '[&_dt]:text-[0.85rem] [&_dt]:text-muted [&_dd]:m-0 [&_dd]:text-[1.5rem] [&_dd]:font-700',
  ].join(' '),
  // relative: an sr-only cell text (absolute) in a table that scrolls would otherwise widen the page, not the region.
  'table-wrap': 'relative overflow-x-auto mb-4',
  'audit-detail': 'm-0 text-[0.85rem] [&_dt]:inline [&_dt]:text-muted [&_dd]:inline [&_dd]:m-0 [&_dd]:[overflow-wrap:anywhere]',
  filters: 'flex flex-wrap gap-3 items-center mb-4',
  'session-list': '[list-style:none] p-0 grid gap-3 [&_p]:[margin:0.2rem_0]',
  qr: 'block [margin:0.5rem_auto] bg-white',

  // A member's page (screens/member.tsx): facts beside actions on a tablet and a laptop; dialogs for actions.
  // On a phone (390 px) one column no wider than the screen: the cards' words wrap (a long e-mail address, a traffic
  // source, a provider's reference) and a label column takes at most 45 %, where the page was 469 px wide.
  'member-grid': 'grid gap-4 mb-4 grid-cols-[minmax(0,1fr)] md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] [overflow-wrap:anywhere]',
  facts:
    'grid grid-cols-[fit-content(45%)_minmax(0,1fr)] [gap:0.25rem_0.75rem] [margin:0_0_0.75rem] [&_dt]:font-600 [&_dt]:[overflow-wrap:normal] [&_dd]:m-0',
  'action-dialog': [
    'max-w-[32rem] w-[calc(100%-2rem)] [border:1px_solid_#d0d7de] rounded-[0.6rem]',
    '[&_textarea]:w-full [&_textarea]:box-border [&_input]:w-full [&_input]:box-border',
    '[&::backdrop]:[background:rgba(0,0,0,0.4)]',
  ].join(' '),

  // Figures: one card per chart (screens/dashboard-chart.tsx).
  chart: '[margin:0_0_1rem] [&_h2]:m-0 [&_h2]:text-[1.1rem]',

  // Codes.
  'code-form': [
    '[&_.grid]:grid [&_.grid]:grid-cols-[repeat(auto-fill,minmax(200px,1fr))] [&_.grid]:[gap:0_1rem]',
    '[&_.methods]:[border:1px_solid_#d0d7de] [&_.methods]:rounded-[0.45rem] [&_.methods]:[margin:0_0_0.75rem]',
    '[&_.checks]:flex [&_.checks]:flex-wrap [&_.checks]:[gap:0.25rem_1rem] [&_.checks]:mt-[0.35rem]',
    '[&_.checks_label]:font-400 [&_.checks_label]:inline-flex [&_.checks_label]:gap-[0.3rem] [&_.checks_label]:items-center',
    '[&_.checks_input]:w-auto',
  ].join(' '),
  'is-expired': 'text-muted',
  actions: '[td&]:whitespace-nowrap [td&_.btn+.btn]:ml-[0.35rem]',
  invites:
    'mt-8 [&_form.filters]:flex [&_form.filters]:flex-wrap [&_form.filters]:[gap:0_1rem] [&_form.filters]:items-end [&_form.filters]:mb-3',

  // Moderation.
  'moderation-part': 'mt-6',
  'pending-photos': ['[list-style:none] p-0 m-0 grid grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-3 [&_select]:w-auto'].join(' '),
  complaint: [
    'mt-3 [&_h3]:text-[1rem] [&_h3]:[margin:0_0_0.25rem]',
    '[&_.facts]:grid [&_.facts]:grid-cols-[max-content_1fr] [&_.facts]:[gap:0.2rem_0.75rem] [&_.facts]:[margin:0.5rem_0]',
    '[&_.facts_dt]:font-600 [&_.facts_dd]:m-0',
    '[&_.replies]:[list-style:none] [&_.replies]:p-0 [&_.replies]:[border-left:3px_solid_#d0d7de] [&_.replies]:pl-3',
  ].join(' '),
  'reply-form': [
    'mt-3 grid gap-[0.4rem] [&_.btn]:justify-self-start',
    '[&_.check]:font-400 [&_.check]:inline-flex [&_.check]:gap-[0.4rem] [&_.check]:items-center [&_.check_input]:w-auto',
  ].join(' '),
  'word-list': 'mt-4 [&_summary]:cursor-pointer [&_summary]:font-600',
};

/** Elements that carry no class: the page, headings, links, form controls, tables, code. */
const ELEMENTS = `
*, ::before, ::after { box-sizing: border-box; }
body { margin: 0; font: 15px / 1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #f3f4f6; }
h1 { font-size: 1.4rem; margin: 0 0 0.75rem; }
h2 { font-size: 1.05rem; margin: 0 0 0.5rem; }
a { color: #0b57d0; }
:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
main { padding: 1rem; max-width: 1400px; margin: 0 auto; }
main:focus { outline: none; }
label { font-weight: 600; font-size: 0.9rem; }
input, select, textarea { font: inherit; padding: 0.45rem 0.6rem; border: 1px solid #8c959f; border-radius: 0.4rem; background: #fff; color: #1f2328; width: 100%; }
textarea { resize: vertical; }
[aria-invalid="true"] { border-color: #b42318; }
small { color: #57606a; }
table { border-collapse: collapse; width: 100%; background: #fff; }
caption { text-align: left; font-weight: 700; padding: 0.5rem 0; }
th, td { text-align: left; padding: 0.45rem 0.6rem; border-bottom: 1px solid #d0d7de; vertical-align: top; }
td code { font-size: 0.8rem; word-break: break-all; }
code { background: #eef1f4; padding: 0.05rem 0.3rem; border-radius: 0.25rem; }
`;

export default defineConfig({
  presets: [presetWind3({ preflight: 'on-demand' })],
  // Min-width breakpoints of the workspace (answer-grid, member-grid).
  theme: {
    breakpoints: { md: '760px', xl: '1200px' },
    colors: { ink: '#1f2328', muted: '#57606a', bad: '#b42318', primary: 'var(--c-primary, #6d28d9)' },
  },
  shortcuts: staffShortcuts,
  preflights: [{ getCSS: () => ELEMENTS }],
});
