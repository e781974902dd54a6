/**
 * Styles every lander shares, inlined into the page's head (no request, nothing to wait for). Layout and spacing
 * come from the UnoCSS utility classes of the app stylesheet; this holds what utilities cannot say briefly.
 */
export const SHARED_CSS = `
html{-webkit-text-size-adjust:100%}
html.ew-open{overflow:hidden}
body{margin:0}
.lander-bar{background:var(--c-secondary);color:#fff}
.lander-bar a{color:#fff}
.lander-bar .lander-small-cta{color:var(--c-secondary)}
.lander-cta{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:52px;padding:.8rem 1.6rem;border-radius:999px;background:var(--c-primary);color:#fff;font-weight:800;font-size:1.2rem;line-height:1.2;text-decoration:none;box-shadow:0 12px 28px -10px rgba(0,0,0,.55);transition:transform .15s,filter .15s}
.lander-cta:hover{filter:brightness(1.1);transform:translateY(-1px)}
.lander-cta:focus-visible,.lander-focus:focus-visible{outline:3px solid #fff;outline-offset:2px;box-shadow:0 0 0 6px #111}
.lander-cta-light{background:#fff;color:var(--c-primary)}
.lander-small-cta{display:inline-flex;align-items:center;min-height:40px;padding:0 .9rem;white-space:nowrap;border-radius:999px;background:#fff;color:var(--c-secondary);font-weight:700;text-decoration:none;font-size:.9rem}
.lander-fict{display:inline-flex;align-items:center;gap:.25rem;padding:.1rem .5rem;border-radius:999px;background:rgba(0,0,0,.75);color:#fff;font-size:.75rem;line-height:1.25rem;font-weight:600;max-width:calc(100% - .5rem)}
.lander-fict-mini{display:inline-flex;align-items:center;justify-content:center;width:1.5rem;height:1.5rem;border-radius:50%;background:rgba(0,0,0,.78);font-size:.8rem;line-height:1}
.lander-ew{position:fixed;inset:0;z-index:60;display:flex;padding:1rem;background:rgba(15,5,12,.86);overflow:auto}
.lander-ew-card{margin:auto;width:100%;max-width:440px;border-radius:1.25rem;background:#fff;color:#1f1f1f;padding:1.75rem 1.5rem;box-shadow:0 30px 60px -20px rgba(0,0,0,.6);text-align:center}
.lander-ew-card button{width:100%;min-height:52px;border:0;border-radius:999px;background:var(--c-primary);color:#fff;font:inherit;font-weight:800;font-size:1.1rem;cursor:pointer}
.lander-ew-card button:focus-visible{outline:3px solid var(--c-secondary);outline-offset:3px}
.lander-foot{background:#17111a;color:#d9d2dc}
.lander-foot a{color:#fff}
.lander-online{display:inline-block;width:.6rem;height:.6rem;border-radius:50%;background:#22c55e;box-shadow:0 0 0 2px #fff}
.lander-scroll{position:relative;scrollbar-width:thin;overscroll-behavior-x:contain;scroll-snap-type:x mandatory}
.lander-scroll>*{scroll-snap-align:start}
.lander-scroll:focus-visible{outline:3px solid var(--c-primary);outline-offset:4px}
[tabindex="-1"]:focus{outline:none}
@media (max-width:479px){.lander-login{display:none}}
@media (max-width:379px){.lander-small-cta{padding:0 .65rem;font-size:.75rem}}
@media (prefers-reduced-motion:reduce){.lander-cta{transition:none}}
`;
