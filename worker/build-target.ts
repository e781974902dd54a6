/**
 * Whether this build carries the local-mode tools: the dev mailbox, the fictional replies, the sandbox payment
 * service and its checkout page, the seed's generated portraits. The same build serves local mode (npm start and the
 * tests run the built Worker with APP_ENV=local from .dev.vars), so APP_ENV, a runtime value, cannot drop them; the
 * build can only tell from how it was started: `npm run build:prod` (VITE_BUILD_TARGET=production, for deploys)
 * leaves them out, every other build keeps them. Vite replaces the value at build time, so the bundler drops the
 * branches behind it and the modules only they use (tests/node/production-build.spec.ts checks the output).
 * A production build never runs in local mode, whatever APP_ENV says (worker/context.ts isLocal).
 */
export const LOCAL_TOOLS: boolean = import.meta.env.VITE_BUILD_TARGET !== 'production';
