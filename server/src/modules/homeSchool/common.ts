// The business areas share the caller and the paged call's pieces (platform/caller.ts).
export { callerOf, pageOf, searchOf, type Caller } from '../../platform/caller.ts';
