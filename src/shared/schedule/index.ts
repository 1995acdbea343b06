export * from './next-run';
