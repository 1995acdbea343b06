/**
 * A registry by name kept per app context, so two apps in one process (the tests) never share one:
 * what a module registers beside its routes for shared code to find by resource or entry name.
 */
export function perAppRegistry<V>(): (owner: object) => Map<string, V> {
  const registries = new WeakMap<object, Map<string, V>>();
  return (owner) => {
    let found = registries.get(owner);
    if (!found) registries.set(owner, (found = new Map()));
    return found;
  };
}
