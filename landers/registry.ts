import type { LanderDefinition, LanderModule } from './_shared/types';

// Every folder landers/<variant>/ with an index.tsx is a lander at /landers/<variant>: nothing else to register.
// Its texts are the catalogue's lander.<variant> keys (at least title, title_place and intro, the page's title and
// description). Folders starting with "_" hold shared parts.
const modules = import.meta.glob<LanderModule>('./*/index.tsx', { eager: true });

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const LANDERS: ReadonlyMap<string, LanderDefinition> = new Map(
  Object.entries(modules)
    .map(([path, module]) => ({ ...module, name: path.split('/')[1] }))
    .filter((lander) => NAME.test(lander.name))
    .map((lander) => [lander.name, lander]),
);

/** The lander of a URL's variant segment, or undefined (the 404 page). */
export function findLander(variant: string): LanderDefinition | undefined {
  return LANDERS.get(variant);
}
