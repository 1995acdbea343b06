import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a module's named export: the screen's chunk is fetched when it first renders. */
export function lazyNamed<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): LazyExoticComponent<Module[Name] & ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] as Module[Name] & ComponentType })));
}
