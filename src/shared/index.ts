export * from './ranks';
export * from './results';
export * from './envelope';
export * from './constants';
export * from './validation';
export * from './auth';
export * from './domains';
export * from './properties';
