export * from './businesses';
export * from './users';
export * from './auth';
export * from './messaging';
export * from './rides';
export * from './wallet';
export * from './fleet';
