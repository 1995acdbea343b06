/** Collect Data Setting: market accounts, collect configs, post configs, tasks, the status board. */
export * from './collect-constants';
export * from './market-accounts';
export * from './collect-configs';
export * from './collect-discovery';
export * from './post-configs';
export * from './collect-tasks';
export * from './task-states';
export * from './run-durations';
