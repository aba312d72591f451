export * from './tokens.ts';
export * from './errors.ts';
export * from './api.ts';
export * from './session.ts';
export * from './store.ts';
export * from './navigation.ts';
export * from './route-guard.ts';
export * from './domain.ts';
