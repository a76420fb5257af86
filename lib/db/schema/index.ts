export * from './businesses';
export * from './users';
