export * from './envelope.ts';
export * from './auth.ts';
export * from './menu.ts';
export * from './messages/index.ts';
export * from './paging.ts';
export * from './files.ts';
