export * from './system.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './school.ts';
export * from './messages.ts';
export * from './files.ts';
export * from './admin.ts';
export * from './people.ts';
